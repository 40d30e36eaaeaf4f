// vcdpor.h's nondet and assume.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --nondet-range 1:4 --all-errors %s | %FileCheck %s
#include "vcdpor.h"

int main(void) {
  int x = vcdpor_nondet_int();
  int flip = vcdpor_nondet_bool();
  vcdpor_assume(x % 2 == 0);
  vcdpor_assert(!(x == 4 && flip));
  return 0;
}
// x in 1..4, flip in 0..1: 8 paths; odd x blocked (4); even x: 4 complete,
// one error (x = 4, flip = 1).
// CHECK: Error: assertion:
// CHECK: T0: nondet 4
// CHECK-NEXT: T0: nondet 1
// CHECK: Executions: 4 (blocked 4, bounded 0)
