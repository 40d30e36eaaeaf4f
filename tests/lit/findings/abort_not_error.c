// abort() ends the path without an error; a live child is killed.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

int x;

void *child(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  abort();
}
// T0: create abort(exit event); T1: w(x): 2 executions.
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 0, bounded 0)
