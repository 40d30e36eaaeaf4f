// A local whose address is passed to a thread is shared (its accesses are
// events); a local that never escapes is not.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

void *child(void *arg) {
  *(int *)arg = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  int shared = 0;
  int private[4] = {1, 2, 3, 4};
  pthread_create(&t, 0, child, &shared);
  private[0] = private[1] + private[2]; // no events
  int v = shared;
  pthread_join(t, 0);
  assert(v == 1 || private[0] != 5);
  return 0;
}
// T0: create r(shared) join; T1: w(shared): 2 executions, read of 0 fails.
// CHECK: Error: assertion:
// CHECK: T0: read   stack@main = 0
// CHECK: Executions: 2 (blocked 0, bounded 0)
