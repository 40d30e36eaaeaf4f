// An allocation larger than vcdpor models cuts the executions that make it
// (a bound, as in huge_alloc.c), and a deeper unwinding does not move that
// cut. Where the model that shows a bound incomplete takes such a cut, bmc
// still asks whether the loop bound cuts some other execution, and deepens
// if so: the race on next needs a second thread, created in the second
// iteration of the loop (SV-COMP's per-thread-index-inc-race pattern; bmc
// stopped at bound 1 with "allocates more than vcdpor models").
// The explicit engines draw n from 0:1: one thread, no race, bounded.
// RUN: %expect-exit 4 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: Bounded: no errors found
// RUN: %expect-exit 1 %vcdpor --engine=bmc --property no-data-race %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=bmc --property no-data-race --data-model=ILP32 %s | %FileCheck %s
// CHECK: Error: data-race: data race on next
// CHECK: SMT: bound 2
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
int next;

void *thread(void *arg) {
  int j = next;
  next = j + 1;
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0)
    return 0;
  pthread_t *ids = malloc(n * sizeof(pthread_t));
  if (!ids)
    return 0;
  for (int i = 0; i < n; i++)
    pthread_create(&ids[i], 0, thread, 0);
  for (int i = 0; i < n; i++)
    pthread_join(ids[i], 0);
  free(ids);
  return 0;
}
