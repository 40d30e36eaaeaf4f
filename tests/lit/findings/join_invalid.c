// Joining a thread twice: the second join names an already joined thread.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// vc too: after a join by the same thread, the second join's failure is
// determined.
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
#include <pthread.h>

void *child(void *arg) { return 0; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  pthread_join(t, 0);
  return 0;
}
// T0: create join join(fails); T1 has no events: 1 execution.
// CHECK: Error: thread: pthread_join of an invalid or already joined thread
// CHECK: Executions: 1 (blocked 0, bounded 0)
