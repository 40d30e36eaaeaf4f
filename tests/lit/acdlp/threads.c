// Programs with threads are refused by name (exit code 2), not decided:
// ACDLP decides one-thread formulas only, so far.
// RUN: %expect-exit 2 %vcdpor --engine=bmc --solver=acdlp %s 2>&1 | %FileCheck %s
// Only the monolithic formula is ACDLP's; the trace needs it.
// RUN: %expect-exit 2 %vcdpor --engine=bmc-refine --solver=acdlp %s 2>&1 | %FileCheck %s --check-prefix=ENGINE
// RUN: %expect-exit 2 %vcdpor --engine=bmc --acdlp-trace %s 2>&1 | %FileCheck %s --check-prefix=TRACE
// A solver named for an engine that runs no bounded formula is refused,
// not ignored.
// RUN: %expect-exit 2 %vcdpor --engine=optimal --solver=z3 %s 2>&1 | %FileCheck %s --check-prefix=EXPLICIT
// RUN: %expect-exit 2 %vcdpor --engine=chc --solver=acdlp %s 2>&1 | %FileCheck %s --check-prefix=CHC
#include <assert.h>
#include <pthread.h>
int x;
void *t(void *a) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t a;
  pthread_create(&a, 0, t, 0);
  pthread_join(a, 0);
  assert(x == 1);
  return 0;
}
// CHECK: acdlp: programs with threads are not supported yet
// ENGINE: --solver=acdlp decides the monolithic formula: use it with --engine=bmc
// TRACE: --acdlp-trace, --acdlp-restarts and --acdlp-decisions need --solver=acdlp
// EXPLICIT: --solver=z3 applies to the bounded engines (bmc, bmc-refine, bmc-oc) and the default portfolio, not --engine=optimal
// CHC: --solver=acdlp applies to the bounded engines (bmc, bmc-refine, bmc-oc) and the default portfolio, not --engine=chc
