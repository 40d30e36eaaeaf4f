// --stop-on-first (the default) stops at the DFS-first error;
// --all-errors explores everything and lists the distinct errors.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:3 %s | %FileCheck %s --check-prefix=FIRST
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --stop-on-first --nondet-range 0:3 %s | %FileCheck %s --check-prefix=FIRST
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --nondet-range 0:3 %s | %FileCheck %s --check-prefix=ALL
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int v = __VERIFIER_nondet_int();
  assert(v != 1);
  assert(v != 2);
  return 0;
}
// One nondet event over 0:3 (4 executions): v = 1 is the 2nd, v = 2 the 3rd.
// FIRST: Error: assertion: assertion failed: v != 1
// FIRST-NOT: Error:
// FIRST: Executions: 2 (blocked 0, bounded 0)
// ALL-DAG: Error: assertion: assertion failed: v != 1
// ALL-DAG: Error: assertion: assertion failed: v != 2
// ALL: Executions: 4 (blocked 0, bounded 0)
