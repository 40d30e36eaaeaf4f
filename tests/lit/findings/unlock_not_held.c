// Unlocking a mutex that another thread holds.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *child(void *arg) {
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  pthread_mutex_unlock(&m);
  return 0;
}
// T0: lock create join unlock; T1: unlock (fails: held by T0): 1 execution.
// CHECK: Error: mutex: unlock of mutex m not held by thread 1
// CHECK: T1: unlock m
// CHECK-NEXT: T1: error: unlock of mutex m not held by thread 1
// CHECK: Executions: 1 (blocked 0, bounded 0)
