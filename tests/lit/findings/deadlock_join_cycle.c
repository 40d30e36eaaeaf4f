// Join cycle: main joins the child while the child joins main.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>

pthread_t main_id;

void *child(void *arg) {
  pthread_join(main_id, 0);
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  return 0;
}
// T0: w(main_id) create join(T1); T1: r(main_id) join(T0). Either order of
// T0's join and T1's read leaves both joins waiting: 2 executions, both
// deadlocks; the first one stops the search.
// CHECK: Error: deadlock:
// CHECK-SAME: thread 0 waits to join thread 1
// CHECK-SAME: thread 1 waits to join thread 0
// CHECK: Executions: 1 (blocked 0, bounded 0)
