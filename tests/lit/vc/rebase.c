// Rebased runs (rebase() in dpor/VcRebase.cpp): the children of a node that
// cannot continue the live execution run on from the state the node saved,
// its events' writes redone in the child's order around the child's new
// event, instead of being replayed from the initial state. The search does
// not change: the classes, closure calls, verdict and counterexample are
// those of --no-rebase, and every node replayed there is replayed or
// rebased here (42 + 78 = 120). T1 and T2 increment x under a mutex and then
// move y on with a cmpxchg; T3 tries the mutex, reads x if it got it, and
// reads y: a trylock placed before a release of the saved execution is
// replayed (the saved mutex state is the one after it; Executor::rebase()
// refuses, and without that the run diverges). The sanitized build
// also replays every rebased node and compares (VCDPOR_EXPENSIVE_CHECKS).
// Engine agreement runs without the cmpxchgs (-DSMALL), which the
// sanitized exhaustive run finishes well within its limit.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 --no-rebase %s | %FileCheck %s --check-prefix=REPLAY
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DBUG %s | %FileCheck %s --check-prefixes=BUG,BUG-REBASE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --no-rebase -DBUG %s | %FileCheck %s --check-prefixes=BUG,BUG-REPLAY
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s@-DSMALL
// CHECK: No errors found
// CHECK: Executions: 50 (blocked 0, bounded 0)
// CHECK: closure calls 575 (0 failed)   replays 42 (168 continued, 78 rebased)
// REPLAY: Executions: 50 (blocked 0, bounded 0)
// REPLAY: closure calls 575 (0 failed)   replays 120 (168 continued, 0 rebased)
// ORACLE: Value-happens-before classes: 50
// BUG: Error: assertion: assertion failed: !(seen == 1 && r == 2)
// BUG-NEXT: Trace
// BUG-NEXT: T0: create T1
// BUG-NEXT: T1: lock m
// BUG-NEXT: T1: read x = 0
// BUG-NEXT: T1: write x := 1
// BUG-NEXT: T1: unlock m
// BUG-NEXT: T1: rmw y: 0 -> 1
// BUG-NEXT: T0: create T2
// BUG-NEXT: T0: create T3
// BUG-NEXT: T0: join T1
// BUG-NEXT: T3: trylock m acquired
// BUG-NEXT: T3: read x = 1
// BUG-NEXT: T3: write seen := 1
// BUG-NEXT: T3: unlock m
// BUG-NEXT: T2: lock m
// BUG-NEXT: T2: read x = 1
// BUG-NEXT: T2: write x := 2
// BUG-NEXT: T2: unlock m
// BUG-NEXT: T2: rmw y: 1 -> 2
// BUG-NEXT: T0: join T2
// BUG-NEXT: T3: read y = 2
// BUG-NEXT: T3: read seen = 1
// BUG: Executions: 18 (blocked 0, bounded 0)
// BUG-REBASE: closure calls 200 (0 failed)   replays 8 (71 continued, 22 rebased)
// BUG-REPLAY: closure calls 200 (0 failed)   replays 30 (71 continued, 0 rebased)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
atomic_int x, y;
int seen = -1;
void *inc(void *a) {
  pthread_mutex_lock(&m);
  int v = atomic_load(&x);
  atomic_store(&x, v + 1);
  pthread_mutex_unlock(&m);
#ifndef SMALL
  int e = (int)(long)a;
  atomic_compare_exchange_strong(&y, &e, e + 1);
#endif
  return 0;
}
void *peek(void *a) {
  if (pthread_mutex_trylock(&m) == 0) {
    seen = atomic_load(&x);
    pthread_mutex_unlock(&m);
  }
  int r = atomic_load(&y);
#ifdef BUG
  assert(!(seen == 1 && r == 2));
#endif
  return 0;
}
int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, inc, (void *)0);
  pthread_create(&t2, 0, inc, (void *)1);
  pthread_create(&t3, 0, peek, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  assert(atomic_load(&x) == 2);
  return 0;
}
