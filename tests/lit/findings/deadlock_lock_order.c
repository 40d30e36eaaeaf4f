// Lock-order inversion: main takes a then b, the child b then a.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=ALL
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

void *child(void *arg) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  pthread_join(t, 0);
  return 0;
}
// T0: La Lb Ub Ua j; T1: Lb La Ua Ub. T0 La first: T0 Lb then T1 Lb after Ub,
// before or after Ua (2 safe), or T1 Lb -> deadlock (DFS's 3rd execution).
// Symmetrically T1 Lb first: 2 safe + 1 deadlock. 6 in all.
// CHECK: Error: deadlock: deadlock: thread 0 waits for mutex b; thread 1 waits for mutex a
// CHECK: T0: lock   a
// CHECK-NEXT: T1: lock   b
// CHECK: Executions: 3 (blocked 0, bounded 0)
// ALL: Executions: 6 (blocked 0, bounded 0)
