// __VERIFIER_nondet_int over --nondet-range; assume prunes paths (blocked).
// Without errors the verdict is "bounded" (exit code 4), never "safe": the
// bug needs a value beyond the default range. Every explicit engine says
// so; the default run is a portfolio, whose bmc then finds the bug with
// every value of the type.
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s --check-prefix=DEF
// RUN: %expect-exit 4 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s --check-prefix=DEF
// RUN: %expect-exit 4 %vcdpor --engine=source --opt=0 %s | %FileCheck %s --check-prefix=DEF
// RUN: %expect-exit 4 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s --check-prefix=DEF
// RUN: %expect-exit 4 %vcdpor --engine=vc --opt=0 --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 %vcdpor --opt=0 --json - %s | %FileCheck %s --check-prefix=PORTFOLIO
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --nondet-range 0:5 %s | %FileCheck %s --check-prefix=R5
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --nondet-range=-2:2 %s | %FileCheck %s --check-prefix=NEG
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a != b);
  assert(a + b != 5);
  return 0;
}
// Two nondet events: (HI-LO+1)^2 paths; a == b paths are blocked.
// 0:1: 4 paths, 2 blocked, 2 complete. 0:5: 36, 6 blocked, 30 complete
// (errors: {0,5},{1,4},{2,3} both orders). -2:2: 25, 5 blocked, 20.
// DEF: Bounded: no errors found, but not every execution was covered: nondet values were drawn from 0:1 only (nondet range 0:1, loop bound none).
// DEF: Executions: 2 (blocked 2, bounded 0)
// JSON: "hit": [
// JSON-NEXT: "nondet_range"
// JSON-NEXT: ],
// JSON: "verdict": "bounded"
// PORTFOLIO: "kind": "assertion"
// PORTFOLIO: "portfolio": {
// PORTFOLIO-NEXT: "beside": false,
// PORTFOLIO-NEXT: "bmc": "decided",
// PORTFOLIO-NEXT: "decided_by": "bmc",
// PORTFOLIO-NEXT: "explicit_share_s": 0.0,
// PORTFOLIO-NEXT: "first": "vc",
// PORTFOLIO-NEXT: "rerun_s": 0.0,
// PORTFOLIO-NEXT: "why": "its answer held for the nondet range only"
// PORTFOLIO: "verdict": "error"
// R5: Error: assertion: assertion failed: a + b != 5
// R5: T0: nondet 0
// R5-NEXT: T0: nondet 5
// R5: Bounds: nondet range 0:5
// R5: Executions: 30 (blocked 6, bounded 0)
// NEG: Bounded: no errors found, but not every execution was covered: nondet values were drawn from -2:2 only (nondet range -2:2, loop bound none).
// NEG: Executions: 20 (blocked 5, bounded 0)
