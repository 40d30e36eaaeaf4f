// Condition variables under vc: a wait releases the mutex and joins the
// condition's chain, a signal chooses its waiter, the wake-up re-acquires.
// The guarded wait is safe in both classes (signal before or after the
// wait, 2 value-happens-before classes, as the exhaustive oracle counts);
// the unguarded one loses the wake-up when the signal comes first.
// RUN: %expect-exit 0 %vcdpor --engine=vc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc -DLOST %s | %FileCheck %s --check-prefix=LOST
// SAFE: Executions: 2 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 2
// LOST: Error: deadlock
// LOST: T1: cond-wait
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;
void *waiter(void *a) {
  pthread_mutex_lock(&m);
#ifdef LOST
  pthread_cond_wait(&c, &m);
#else
  while (!ready)
    pthread_cond_wait(&c, &m);
#endif
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
