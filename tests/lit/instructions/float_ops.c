// Float and double arithmetic, comparisons (ordered/unordered) and casts.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
#include <assert.h>

volatile float f = 1.5f;
volatile double d = -2.25;
volatile int i = 7;
volatile unsigned u = 3000000000u;
volatile double zero = 0.0;

int main(void) {
  assert(f + d == -0.75 && f * d == -3.375 && d / f == -1.5);
  assert(f - 0.5f == 1.0f && -d == 2.25);
  assert((int)d == -2 && (unsigned)f == 1u && (long)(d * 4) == -9);
  assert((double)i / 2 == 3.5 && (float)u == 3.0e9f && (double)u == 3.0e9);
  assert((float)d == -2.25f && (double)f == 1.5);
  double nan = zero / zero;
  assert(nan != nan && !(nan < 1.0) && !(nan >= 1.0));
  assert(f < 2 && d <= -2.25 && f > d && f != d);
  assert(1.0 / zero > 1e308);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
