// Two locks taken in opposite orders: vc finds the deadlock (the branch in
// which no pending acquire is ever granted) and the safe classes.
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --all-errors %s | %FileCheck %s --check-prefix=ALL
// CHECK: Error: deadlock
// ALL: Executions: 3 (blocked 0, bounded 0)
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *t1(void *x) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return 0;
}
void *t2(void *x) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}
int main(void) {
  pthread_t p, q;
  pthread_create(&p, 0, t1, 0);
  pthread_create(&q, 0, t2, 0);
  pthread_join(p, 0);
  pthread_join(q, 0);
  return 0;
}
