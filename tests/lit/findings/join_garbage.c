// Joining a pthread_t value that was never returned by pthread_create.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>

int main(void) {
  pthread_t t = (pthread_t)12345;
  pthread_join(t, 0);
  return 0;
}
// One thread, the join is the only event: 1 execution.
// CHECK: Error: thread: pthread_join of an invalid or already joined thread (12345)
// CHECK-SAME: join_garbage.c:7 in main
// CHECK: Executions: 1 (blocked 0, bounded 0)
