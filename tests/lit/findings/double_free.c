// Both threads free the same block.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

int *p;

void *child(void *arg) {
  free(p);
  return 0;
}

int main(void) {
  pthread_t t;
  p = malloc(4);
  pthread_create(&t, 0, child, 0);
  free(p);
  pthread_join(t, 0);
  return 0;
}
// T0: w(p) create r(p) free join; T1: r(p) free (a free of a shared block
// is an event). T0's {r,free} x T1's {r,free}: C(4,2) = 6, all errors.
// CHECK: Error: memory: double free of heap@{{.*}}double_free.c:15
// CHECK: Executions: 6 (blocked 0, bounded 0)
