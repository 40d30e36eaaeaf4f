// abort() inside an atomic section (SV-COMP's assume_abort_if_not in a
// __VERIFIER_atomic_* lock): the process ends while the section is open, so
// every other event of the execution ran before the section started. vc
// used to refuse it (4 SV-COMP programs); now the exit's parts keep only
// events that can run before the section's start. Counts: the exhaustive
// explorer's value-happens-before classes; -DBUG keeps x outside the lock.
// A part an exit was run after is not rebuilt and run again when a
// descendant's exit meets it (2 redundant: 67 replays and 115 closure calls,
// 69 and 117 before).
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 3 %s %s@-DBUG %s@--root=0
// CHECK: Executions: 12 (blocked 0, bounded 0)
// CHECK: closure calls 115 (0 failed)   replays 67 (0 continued, 0 rebased)   redundant 2
// ORACLE: Value-happens-before classes: 12
// BUG: Error: assertion: assertion failed: x == 2
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
int m, x, done;
void __VERIFIER_atomic_acquire(void) {
  if (m != 0)
    abort();
  m = 1;
}
void __VERIFIER_atomic_release(void) { m = 0; }
void *worker(void *arg) {
#ifndef BUG
  __VERIFIER_atomic_acquire();
#endif
  int v = x;
  x = v + 1;
#ifndef BUG
  __VERIFIER_atomic_release();
#endif
  done = done + 1;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
