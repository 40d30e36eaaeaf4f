// Unwinding: a loop of three iterations (rotated by clang at -O1: its
// header is the body, run three times, as --unroll counts for every engine)
// is complete at --unroll 3 and bounded below; without --unroll, bmc
// deepens 1, 2, 4 and stops at the first complete bound. A loop over a nondet count is never complete: "bounded",
// exit code 4, and the JSON says which bound was hit.
// RUN: %expect-exit 4 %vcdpor --engine=bmc --unroll 2 %s | %FileCheck %s --check-prefix=CUT
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --unroll 2 %s | %FileCheck %s --check-prefix=EXCUT
// RUN: %expect-exit 0 %vcdpor --engine=bmc --unroll 3 %s | %FileCheck %s --check-prefix=FULL3
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=FULL
// RUN: %expect-exit 4 %vcdpor --engine=bmc --unroll 6 -DNONDET %s | %FileCheck %s --check-prefix=ND
// RUN: %expect-exit 4 %vcdpor --engine=bmc --unroll 6 -DNONDET --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 %vcdpor --engine=bmc --unroll 6 -DNONDET -DBUG %s | %FileCheck %s --check-prefix=BUG
#include <assert.h>
unsigned __VERIFIER_nondet_uint(void);
volatile int sum;
unsigned limit = 3; // not a constant: the loop stays a loop at -O1

int main(void) {
#ifdef NONDET
  unsigned n = __VERIFIER_nondet_uint();
#else
  unsigned n = limit;
#endif
  for (unsigned i = 0; i < n; i++)
    sum = sum + 1;
#ifdef BUG
  assert(sum != 4);
#endif
  return 0;
}
// CUT: Bounded: no errors found, but not every execution was covered: some execution runs a loop (or recursion) past 2 iterations (every nondet value, loops unrolled 2 times).
// EXCUT: Bounded:
// FULL3: No errors found (every nondet value, loops unrolled 3 times, which no execution exceeds).
// FULL: No errors found (every nondet value, loops unrolled 4 times, which no execution exceeds).
// ND: Bounded: {{.*}} past 6 iterations
// JSON: "complete": false
// JSON: "hit": [
// JSON-NEXT: "loop_bound"
// BUG: Error: assertion: assertion failed: sum != 4
// BUG: T0: nondet {{[4-5]}}
