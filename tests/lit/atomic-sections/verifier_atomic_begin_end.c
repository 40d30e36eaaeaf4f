// __VERIFIER_atomic_begin/end make the increment indivisible.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DNOATOMIC %s | %FileCheck %s --check-prefix=RACE
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int counter;

void *inc(void *arg) {
#ifndef NOATOMIC
  __VERIFIER_atomic_begin();
#endif
  counter = counter + 1;
#ifndef NOATOMIC
  __VERIFIER_atomic_end();
#endif
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  inc(0);
  pthread_join(t, 0);
  assert(counter == 2);
  return 0;
}
// T0: create B r w join r; T1: B r w. Each section (B r w) is a block: T0's
// first or T1's first: 2 executions.
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 0, bounded 0)
// Without the section: T0 r w vs T1 r w: C(4,2) = 6 orders; DFS: T0 r w T1
// r w (safe), T0 r, T1 r ... error in the second.
// RACE: Error: assertion: assertion failed: counter == 2
// RACE: Executions: 2 (blocked 0, bounded 0)
