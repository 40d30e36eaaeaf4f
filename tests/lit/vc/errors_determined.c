// Two failures that nothing but the schedule orders: each thread writes x
// and fails. VC-DPOR used to end a node at the first failure its extension
// met (main's), so with --all-errors child's was never reported; a failure
// is now a frontier event taken last, like exit(), and the other thread's
// events run before it in the node's other children.
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --threads 2 --hand-off-all %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=EX
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *child(void *arg) {
  atomic_store(&x, 2);
  assert(0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  atomic_store(&x, 1);
  assert(!"main");
  pthread_join(t, 0);
  return 0;
}
// VC-DPOR (root: child): one execution per failure, the other thread's
// write before it or not being the same class for a failure (the largest
// part stands for the others). The exhaustive explorer: T0's w F0 against
// T1's w F1, cut at the first failure: 6 interleavings.
// CHECK-DAG: T0: error: assertion failed: !"main"
// CHECK-DAG: T1: error: assertion failed: 0
// CHECK: Executions: 2 (blocked 0, bounded 0)
// EX-DAG: T0: error: assertion failed: !"main"
// EX-DAG: T1: error: assertion failed: 0
// EX: Executions: 6 (blocked 0, bounded 0)
