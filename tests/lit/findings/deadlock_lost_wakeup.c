// Lost wake-up: the waiter does not re-check a predicate, so a signal sent
// before it waits is lost.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=ALL
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *signaller(void *arg) {
  pthread_mutex_lock(&m);
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, signaller, 0);
  pthread_mutex_lock(&m);
  pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
// T0: create L wait reacq U join; T1: L signal U. T0 first: wait, T1's
// section wakes T0: 1 safe execution. T1 first: its signal finds no waiter,
// T0 waits forever: 1 deadlock. DFS tries T0 first.
// CHECK: Error: deadlock:
// CHECK-SAME: thread 0 waits on condition c
// CHECK: T1: signal c
// CHECK: T0: cond-wait c releasing m
// CHECK: Executions: 2 (blocked 0, bounded 0)
// ALL: Executions: 2 (blocked 0, bounded 0)
