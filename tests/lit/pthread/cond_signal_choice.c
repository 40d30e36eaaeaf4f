// A signal with two waiters wakes one of them (two alternatives); the other
// waits forever: a deadlock at main's join.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=ALL
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
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
// As cond_broadcast.c but a signal with two waiters has two alternatives and
// leaves the other waiter blocked: brute force gives 40 executions, 10 of them deadlocks.
// CHECK: Error: deadlock:
// CHECK: T0: signal c wakes T1
// ALL: Executions: 40 (blocked 0, bounded 0)
