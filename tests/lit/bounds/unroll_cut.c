// --unroll bounds a loop that does not terminate within the bound: the
// execution is cut and counted as bounded; the verdict is "bounded" (exit
// code 4), never "safe"; a bound the program never reaches leaves it safe.
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --unroll 3 %s | %FileCheck %s --check-prefix=CUT
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --unroll 5 %s | %FileCheck %s --check-prefix=CUT5
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --unroll 6 %s | %FileCheck %s --check-prefix=FULL
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --unroll 3 --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 4 %vcdpor --engine=vc --opt=0 --unroll 3 %s | %FileCheck %s --check-prefix=CUT
// RUN: %expect-exit 4 %vcdpor --engine=optimal --opt=0 --unroll 3 %s | %FileCheck %s --check-prefix=CUT
volatile int x;

int main(void) {
  while (x < 5)
    x = x + 1;
  return 0;
}
// One thread: 1 path. --unroll N lets the loop header run N times (as
// CBMC's --unwind): the test runs 6 times here, so 3 and 5 cut the only
// execution (0 complete, 1 bounded) and 6 lets it finish.
// CUT: Bounded: no errors found, but not every execution was covered: 1 executions were cut by the loop bound (nondet range 0:1, loop bound 3).
// CUT: Executions: 0 (blocked 0, bounded 1)
// CUT5: Executions: 0 (blocked 0, bounded 1)
// FULL: No errors found (nondet range 0:1, loop bound 6).
// FULL-NOT: Bounded
// FULL: Executions: 1 (blocked 0, bounded 0)
// JSON: "hit": [
// JSON-NEXT: "loop_bound"
// JSON-NEXT: ],
// JSON: "unroll": 3
// JSON: "bounded": 1
// JSON: "executions": 0
// JSON: "verdict": "bounded"
