// pthread_self/pthread_equal: a child compares its own id with main's.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_t main_id;

void *child(void *arg) {
  pthread_t me = pthread_self();
  assert(!pthread_equal(me, main_id));
  assert(pthread_equal(me, pthread_self()));
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  assert(pthread_equal(main_id, pthread_self()));
  assert(!pthread_equal(t, main_id));
  return 0;
}
// Events: T0 w(main_id) create [T1 r(main_id)] join r(main_id) r(main_id).
// T1's read is ordered after create and before join: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
