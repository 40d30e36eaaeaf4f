// JSON report of a deadlock.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --json - %s | %FileCheck %s
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
// As findings/deadlock_lock_order.c: the DFS-first deadlock is execution 3.
// CHECK: "kind": "deadlock"
// CHECK: "kind": "lock"
// CHECK: "object": "a"
// CHECK: "kind": "lock"
// CHECK: "object": "b"
// CHECK: "executions": 3
// CHECK: "verdict": "error"
