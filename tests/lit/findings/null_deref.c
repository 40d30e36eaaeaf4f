// Dereferencing a null pointer read from shared memory.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>

int *volatile p;
int cell = 5;

void *child(void *arg) {
  p = &cell;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int v = *p;
  pthread_join(t, 0);
  return v;
}
// T0: create r(p) [r(cell)] join; T1: w(p). DFS: T0 reads p = null first:
// the dereference fails in the first execution.
// CHECK: Error: memory: null pointer dereference
// CHECK: T0: read   p = {{(0|null)}}
// CHECK-NEXT: T0: error: null pointer dereference
// CHECK: Executions: 1 (blocked 0, bounded 0)
