// --unroll bounds a loop that does not terminate within the bound: the
// execution is cut and counted as bounded; exit code 0 with a note.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --unroll 3 %s | %FileCheck %s --check-prefix=CUT
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --unroll 5 %s | %FileCheck %s --check-prefix=CUT5
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --unroll 6 %s | %FileCheck %s --check-prefix=FULL
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --unroll 3 --json - %s | %FileCheck %s --check-prefix=JSON
volatile int x;

int main(void) {
  while (x < 5)
    x = x + 1;
  return 0;
}
// One thread: 1 path. --unroll N lets the loop header run N times (as
// CBMC's --unwind): the test runs 6 times here, so 3 and 5 cut the only
// execution (0 complete, 1 bounded) and 6 lets it finish.
// CUT: No errors found (nondet range 0:1, loop bound 3).
// CUT: Note: 1 executions were cut by the loop bound; the verdict holds only up to it.
// CUT: Executions: 0 (blocked 0, bounded 1)
// CUT5: Executions: 0 (blocked 0, bounded 1)
// FULL: No errors found (nondet range 0:1, loop bound 6).
// FULL-NOT: Note:
// FULL: Executions: 1 (blocked 0, bounded 0)
// JSON: "unroll": 3
// JSON: "bounded": 1
// JSON: "executions": 0
// JSON: "verdict": "safe"
