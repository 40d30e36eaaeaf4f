// atomic_fetch_add never loses an update.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;

void *inc(void *arg) {
  atomic_fetch_add(&counter, 1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(atomic_load(&counter) == 2);
  return 0;
}
// T0: c2 j1 j2 r; T1: rmw (after c1); T2: rmw (after c2). T1's rmw before
// c2: j1 before/after T2's rmw = 2; after c2, T1 first: j1 before/after T2's
// rmw = 2; T2 first: 1. Total 5.
// CHECK: No errors found
// CHECK: Executions: 5 (blocked 0, bounded 0)
