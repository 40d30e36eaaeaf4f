// Programs with threads are refused by name (exit code 2), not decided:
// ACDLP decides one-thread formulas only, so far.
// RUN: %expect-exit 2 %vcdpor --engine=bmc --solver=acdlp %s 2>&1 | %FileCheck %s
// Only the monolithic formula is ACDLP's; the trace needs it.
// RUN: %expect-exit 2 %vcdpor --engine=bmc-refine --solver=acdlp %s 2>&1 | %FileCheck %s --check-prefix=ENGINE
// RUN: %expect-exit 2 %vcdpor --engine=bmc --acdlp-trace %s 2>&1 | %FileCheck %s --check-prefix=TRACE
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
