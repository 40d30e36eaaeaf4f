// What bmc does not model is refused by name, with exit code 2: never
// skipped, never a verdict.
// RUN: %expect-exit 2 %vcdpor --engine=bmc %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 2 %vcdpor --engine=bmc --all-errors %s 2>&1 | %FileCheck %s --check-prefix=ALL
// RUN: %expect-exit 2 %vcdpor --engine=bmc --threads 2 %s 2>&1 | %FileCheck %s --check-prefix=THREADS
// An instruction bmc does not model is named in the user's words.
// RUN: %expect-exit 2 %vcdpor --engine=bmc -DMEMSET %s 2>&1 | %FileCheck %s --check-prefix=MEMSET
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
int *p;
void *t(void *a) {
  p[0] = 1;
  return 0;
}
int main(void) {
#ifdef MEMSET
  int a[64];
  memset(a, 0, sizeof a);
  p = a;
#endif
  pthread_t x;
  p = malloc(sizeof(int));
  pthread_create(&x, 0, t, 0);
  pthread_join(x, 0);
  p = realloc(p, 2 * sizeof(int));
  return p[0] != 1;
}
// CHECK: vcdpor: error: {{.*}}refusals.c: bmc: unsupported: main ({{.*}}refusals.c:26): call of 'realloc', which bmc does not model
// ALL: --engine=bmc reports one counterexample
// THREADS: parallel exploration is implemented for --engine=vc only
// MEMSET: bmc: unsupported: main ({{.*}}refusals.c:{{[0-9]+}}): memset (a block fill), which bmc does not model
