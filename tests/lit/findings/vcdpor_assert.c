// vcdpor.h: vcdpor_assert and vcdpor_error.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DUSE_ERROR %s | %FileCheck %s --check-prefix=ERR
#include "vcdpor.h"

int main(void) {
  int v = vcdpor_nondet_int();
#ifdef USE_ERROR
  if (v)
    vcdpor_error();
#else
  vcdpor_assert(v == 0);
#endif
  return 0;
}
// Values 0, 1 in DFS order; v == 1 fails: 2 executions.
// CHECK: Error: assertion:
// CHECK: T0: nondet 1
// CHECK: Executions: 2 (blocked 0, bounded 0)
// ERR: Error: assertion:
// ERR: Executions: 2 (blocked 0, bounded 0)
