// An error reachable within the bound is reported (exit 1) even when other
// executions are cut.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --unroll 4 --nondet-range 0:2 --all-errors %s | %FileCheck %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n * 3)
    i++;
  assert(i != 3);
  return 0;
}
// n = 0: header runs once, safe. n = 1: header runs 4 times (allowed), then
// the assertion fails. n = 2: a 5th header entry is cut. 2 counted, 1 bounded.
// CHECK: Error: assertion: assertion failed: i != 3
// CHECK: T0: nondet 1
// CHECK: Executions: 2 (blocked 0, bounded 1)
