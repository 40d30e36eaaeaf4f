// SV-COMP reach_error() is an assertion failure.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>
void reach_error(void);

int x;

void *child(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  if (x == 1)
    reach_error();
  pthread_join(t, 0);
  return 0;
}
// T0: create r(x) join; T1: w(x). DFS: T0 reads 0 first (1 safe), then
// T1 writes first and T0 reads 1: error at execution 2.
// CHECK: Error: assertion:
// CHECK: T1: write  x := 1
// CHECK-NEXT: T0: read   x = 1
// CHECK: Executions: 2 (blocked 0, bounded 0)
