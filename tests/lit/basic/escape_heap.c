// A heap block becomes shared once its address is stored in a global; before
// that its accesses are not events.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int *box;

void *child(void *arg) {
  int *p = box;
  if (p)
    *p = 7;
  return 0;
}

int main(void) {
  pthread_t t;
  int *p = malloc(sizeof(int));
  *p = 0; // not an event: p has not escaped yet
  pthread_create(&t, 0, child, 0);
  box = p;
  int v = *p;
  pthread_join(t, 0);
  assert(v == 0);
  return 0;
}
// T0: create w(box) r(*p) join; T1: r(box) [w(*p) if non-null].
// r(box) before w(box) (null, no write): 1; between w(box) and r(*p): w(*p)
// before/after r(*p): 2 (one error); after r(*p): 1. 4 executions, 1 error.
// CHECK: Error: assertion: assertion failed: v == 0
// CHECK: T1: write  heap@{{.*}}escape_heap.c:19{{.*}} := 7
// CHECK: Executions: 4 (blocked 0, bounded 0)
