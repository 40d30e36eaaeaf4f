// __thread globals: one copy per thread, initialised in each.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
// bmc makes each thread's copy an object of its own with the initialiser:
// a proof, a false assertion about the child's copy (-DBUG) and a race on
// main's copy, whose address main hands to the child (-DSHARE), each
// confirmed by the interpreter's replay.
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=PROOF
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=0 -DSHARE --data-races=error %s | %FileCheck %s --check-prefix=SHARE
// RUN: %expect-exit 1 %vcdpor --engine=optimal --opt=0 -DSHARE --data-races=error %s | %FileCheck %s --check-prefix=SHARE
// PROOF: No errors found (every nondet value
// BUG: Error: assertion: assertion failed: tl == 1
// BUG: T1: error: assertion failed: tl == 1
// SHARE: Error: data-race: data race on tl
#include <assert.h>
#include <pthread.h>

__thread int tl = 7;
int seen;

#ifdef SHARE
void *child(void *arg) {
  *(int *)arg = 3;
  return 0;
}
#else
void *child(void *arg) {
#ifdef BUG
  assert(tl == 1);
#endif
  assert(tl == 7);
  tl = (int)(long)arg;
  seen = tl;
  return 0;
}
#endif

int main(void) {
  pthread_t t1;
  tl = 1;
#ifdef SHARE
  int *p = &tl; // (a constant expression on &tl is refused by the loader)
  pthread_create(&t1, 0, child, p);
  tl = 2;
  pthread_join(t1, 0);
  return 0;
#endif
  pthread_create(&t1, 0, child, (void *)5);
  pthread_join(t1, 0);
  assert(tl == 1);
  assert(seen == 5);
  return 0;
}
// Thread-local accesses are not shared. T0: create join r(seen); T1: w(seen)
// between: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
