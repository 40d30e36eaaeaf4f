// A child frees a shared block while main may still read it.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=ALL
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
  *shared = 1;
  pthread_create(&t, 0, child, 0);
  int v = *shared;
  pthread_join(t, 0);
  return v;
}
// T0: w(shared) r(shared) w(*shared) create r(shared) r(*shared) join;
// T1: r(shared) free (an event: the block is shared). After create T0's
// {a1,a2} and T1's {b1,b2} interleave: C(4,2) = 6; free before a2 in 3.
// DFS order a1a2b1b2, a1b1a2b2 (safe), a1b1b2a2 (error): 3 executions.
// CHECK: Error: memory: use after free of heap@{{.*}}use_after_free.c:16
// CHECK: Executions: 3 (blocked 0, bounded 0)
// ALL: Executions: 6 (blocked 0, bounded 0)
