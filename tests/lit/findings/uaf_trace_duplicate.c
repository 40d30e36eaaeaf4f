// Regression: in the counterexample the child's free appeared twice (the
// last event before the error was repeated); now the failing read is shown.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

int *shared;

void *child(void *arg) {
  free(shared);
  return 0;
}

int main(void) {
  pthread_t t;
  shared = malloc(sizeof(int));
  pthread_create(&t, 0, child, 0);
  int v = *shared;
  pthread_join(t, 0);
  return v;
}
// T0: w(shared) create r(shared) r(*shared) join; T1: r(shared) free. DFS:
// a1 a2 b1 b2, a1 b1 a2 b2, a1 b1 b2 a2 (error): 3 executions.
// CHECK: T1: read   shared
// CHECK-NEXT: T1: free   heap@
// CHECK-NEXT: T0: read   heap@
// CHECK-NEXT: T0: error: use after free
// CHECK: Executions: 3 (blocked 0, bounded 0)
