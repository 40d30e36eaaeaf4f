// __builtin_{add,sub,mul}_overflow (llvm.*.with.overflow), signed and
// unsigned.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <limits.h>

volatile int big = INT_MAX, small = INT_MIN, two = 2;
volatile unsigned ubig = UINT_MAX;

int main(void) {
  int r;
  unsigned ur;
  assert(__builtin_add_overflow(big, 1, &r) && r == INT_MIN);
  assert(!__builtin_add_overflow(big, -1, &r) && r == INT_MAX - 1);
  assert(__builtin_sub_overflow(small, 1, &r) && r == INT_MAX);
  assert(__builtin_mul_overflow(big, two, &r) && r == -2);
  assert(!__builtin_mul_overflow(two, two, &r) && r == 4);
  assert(__builtin_add_overflow(ubig, 1u, &ur) && ur == 0);
  assert(__builtin_sub_overflow(0u, (unsigned)two, &ur) && ur == UINT_MAX - 1);
  assert(__builtin_mul_overflow(ubig, 2u, &ur) && ur == UINT_MAX - 1);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
