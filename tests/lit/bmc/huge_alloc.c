// An allocation above the interpreter's 256 MiB object limit, or a calloc
// whose size product overflows, is a memory finding in every engine; bmc
// states the same checks, so its counterexample (a nondet size) is one the
// interpreter confirms, and a search for races only leaves such executions
// out (here the race on g still is found, in executions with small sizes).
// RUN: %expect-exit 1 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=BIG
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DCALLOC %s | %FileCheck %s --check-prefix=CALLOC
// RUN: %expect-exit 1 %vcdpor --engine=bmc --property no-data-race %s | %FileCheck %s --check-prefix=RACE
// BIG: Error: memory: allocation of
// BIG: T0: error: allocation of
// CALLOC: Error: memory: calloc of
// RACE: Error: data-race: data race on g
// RACE-NOT: Internal
#include <pthread.h>
#include <stdlib.h>

extern unsigned long __VERIFIER_nondet_ulong(void);
int g;

void *child(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  unsigned long n = __VERIFIER_nondet_ulong();
#ifdef CALLOC
  char *p = calloc(n, 1ul << 40);
#else
  char *p = malloc(n);
#endif
  if (p && n > 0)
    p[0] = 1;
  g = 2;
  pthread_join(t, 0);
  free(p);
  return 0;
}
