// An object filled in by its owner while no other thread can reach it, then
// made shared: what it holds when it becomes shared is the owner's doing,
// fixed by the values the owner read (here nondet draws), so it differs
// from one execution to the next. vc refused such programs ("the initial
// contents ... depend on the schedule"): it took a location's initial value
// from the first execution that accessed it, for every node. Each node now
// takes it from the execution that first accesses the location in the
// node's history, and refuses only where a later execution of the same node
// finds other contents (the weaver tasks of SV-COMP fill their arrays so).
// The reader races main's later write of q[0] and reads q[1], so the
// classes depend on both the drawn contents and the order (nondet range
// 0:1, so the safe variant is bounded, exit code 4).
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes -DSAFE %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 4 %vcdpor --engine=vc --opt=0 -DSAFE %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 4 %vcdpor --engine=vc --opt=0 --root=0 -DSAFE %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 4 %vcdpor --engine=vc --opt=0 --threads 2 --hand-off-all -DSAFE %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --print-trace %s | %FileCheck %s
// ORACLE: Value-happens-before classes: 8
// SAFE: Bounded: no errors found
// SAFE: Executions: 8 (blocked 0, bounded 0)
// CHECK: Error: assertion: assertion failed: a + b != 2
// CHECK: T0: nondet 1
// CHECK: T0: nondet 1
// CHECK: T1: read   heap{{.*}} = 1
// CHECK: T1: read   heap{{.*}} = 1
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int *q;

void *reader(void *arg) {
  int *p = q;
  int a = p[0];
  int b = p[1];
#ifdef SAFE
  assert(a + b != 3);
#else
  assert(a + b != 2);
#endif
  return 0;
}

int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = __VERIFIER_nondet_int();
  p[1] = __VERIFIER_nondet_int();
  q = p;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  p[0] = 5;
  pthread_join(t, 0);
  return 0;
}
