// abs() and min/max idioms at -O2 (llvm.abs, llvm.smin/smax/umin/umax).
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 --emit-ll %t.ll %s
// RUN: %FileCheck %s --check-prefix=IR < %t.ll
#include <assert.h>
#include <stdlib.h>

volatile int a = -5, b = 3;
volatile unsigned ua = 7, ub = 0xfffffff0u;

int main(void) {
  int x = a, y = b;
  unsigned u = ua, v = ub;
  assert(abs(x) == 5);
  assert((x < y ? x : y) == -5 && (x > y ? x : y) == 3);
  assert((u < v ? u : v) == 7 && (u > v ? u : v) == 0xfffffff0u);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
// IR: call i32 @llvm.abs.i32
