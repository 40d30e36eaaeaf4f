// broadcast wakes both waiters; each re-acquires the mutex in turn.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int go;

void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  while (!go)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, waiter, 0);
  pthread_create(&t2, 0, waiter, 0);
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
// Brute-force enumeration of T0: c1 c2 L w(go) bcast U j1 j2 and
// T1,T2: L r(go) [wait reacq r(go)] U gives 55 executions.
// CHECK: No errors found
// CHECK: Executions: 55 (blocked 0, bounded 0)
