// exit() while a child is live is one event that kills the child; the
// child's assertion is reachable only if it runs before the exit.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int x;

void *child(void *arg) {
  x = 1;
  assert(0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  exit(0);
}
// T0: create exit; T1: w(x) then the failing assert, an event of its own
// under --all-errors (it can come after main's exit). exit first: 1 (T1
// killed); w first: exit or the failure next, 2. 3 executions.
// CHECK: Error: assertion: assertion failed: 0
// CHECK: T1: write  x := 1
// CHECK-NEXT: T1: error: assertion failed: 0
// CHECK: Executions: 3 (blocked 0, bounded 0)
