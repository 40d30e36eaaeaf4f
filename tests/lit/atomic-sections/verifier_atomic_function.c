// A __VERIFIER_atomic_* function runs without interleaving.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int x, y;

void __VERIFIER_atomic_swap(void) {
  int t = x;
  x = y;
  y = t;
}

void *child(void *arg) {
  __VERIFIER_atomic_swap();
  return 0;
}

int main(void) {
  pthread_t t;
  x = 1;
  pthread_create(&t, 0, child, 0);
  __VERIFIER_atomic_swap();
  pthread_join(t, 0);
  assert(x == 1 && y == 0);
  return 0;
}
// T0: w(x) create A{r r w w} join r r; T1: A{r r w w}. Two blocks in either
// order: 2 executions.
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 0, bounded 0)
