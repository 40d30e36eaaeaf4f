// Locking a mutex twice (non-recursive) deadlocks the thread with itself.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  return 0;
}
// One thread: lock, then the second lock is never enabled: 1 execution.
// CHECK: Error: deadlock:
// CHECK-SAME: thread 0 waits for mutex m
// CHECK: T0: lock   m
// CHECK: Executions: 1 (blocked 0, bounded 0)
