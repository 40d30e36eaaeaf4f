// Condition variable hand-off with a predicate loop: safe.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --print-trace %s | %FileCheck %s --check-prefix=TR
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
// T0: create lock r(ready) [wait reacquire r(ready)] unlock join;
// T1: lock w signal unlock. T0 locks first: r=0, wait, T1's 4 events, reacquire,
// r, unlock, join: 1. T1 locks first: T1's section, then T0 lock; T0's lock
// can only follow T1's unlock: 1. Total 2 (no spurious wake-ups explored).
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 0, bounded 0)
// TR: No errors found
