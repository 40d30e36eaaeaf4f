// A bug that needs a nondet value of at least 5: the explicit engines draw
// from --nondet-range (default 0:1) and can only answer "bounded"; bmc
// takes every value of the type at once, and the interpreter confirms the
// value the model chose.
// RUN: %expect-exit 4 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefix=EXPLICIT
// RUN: %expect-exit 1 %vcdpor --engine=bmc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=bmc --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 2 %vcdpor --engine=bmc --nondet-range 0:9 %s 2>&1 | %FileCheck %s --check-prefix=RANGE
#include <assert.h>
unsigned __VERIFIER_nondet_uint(void);
int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int k = __VERIFIER_nondet_int();
  if (n >= 5 && n < 1000 && k == -7 * (int)n)
    assert(0);
  return 0;
}
// EXPLICIT: Bounded: no errors found
// CHECK: Error: assertion: assertion failed: 0
// CHECK: T0: nondet {{([5-9]|[1-9][0-9]+)}}
// CHECK-NEXT: T0: nondet -{{[0-9]+}}
// CHECK: SMT: bound 1 threads 1
// JSON: "bounds": {
// JSON: "nondet_range": null
// JSON: "smt": {
// JSON: "rf_variables": 0
// JSON: "terms": {{[1-9][0-9]*}}
// RANGE: --nondet-range does not apply
