// A chain of compare-and-swaps: thread k moves x from k-1 to k, an observer
// reads x. Once the observer's read is excluded from the writes of X, only a
// cmpxchg can still write x, and only one that expects a value x can hold:
// VC-DPOR drops such nodes before replaying them (stuck() in dpor/Vc.cpp).
// The class count is the exhaustive explorer's value-happens-before count;
// replays, continued and rebased runs are the nodes explored with that
// pruning (143 without it). With
// -DBUG the observer sees x == N, which needs every cmpxchg to succeed in
// order: the pruning must keep that execution.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DBUG %s | %FileCheck %s --check-prefix=BUG
// CHECK: No errors found
// CHECK: Executions: 43 (blocked 0, bounded 0)
// CHECK: replays 2 (20 continued, 53 rebased) redundant 0
// ORACLE: Value-happens-before classes: 43
// BUG: Error: assertion: assertion failed: v != N
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#define N 4
atomic_int x;
void *step(void *arg) {
  int k = (intptr_t)arg;
  int exp = k - 1;
  atomic_compare_exchange_strong(&x, &exp, k);
  return 0;
}
void *observer(void *arg) {
  (void)arg;
  int v = atomic_load(&x);
#ifdef BUG
  assert(v != N);
#endif
  return 0;
}
int main(void) {
  pthread_t t[N + 1];
  pthread_create(&t[0], 0, observer, 0);
  for (intptr_t k = 1; k <= N; ++k)
    pthread_create(&t[k], 0, step, (void *)k);
  return 0;
}
