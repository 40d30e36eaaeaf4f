// The "butterfly" of paper 000 (scheduling-constraint refinement): the only
// reads-from choice that fails the assertion gives an event order graph in
// which the paper's three rules derive no order and find no cycle, yet no
// SC execution has it. Two wings, x and y, each written twice (w1, w2 and
// w3, w4) and read twice, each read from its own write (r1 from w1, ...);
// every reader of y first sees both x-writers' flags, every reader of x
// both y-writers' flags. The x-reads put their writes' intervals in some
// order, so one x-write follows an x-read, which follows both y-writes,
// which precede both y-reads through the flags: both y-writes come before
// both y-reads, and one of those reads sees the wrong one. No write of x
// is ordered against an x-read's interval by the graph (and likewise for
// y), so rules 2 and 3 never fire: bmc-refine finds no kernel reason for
// that model (other spurious models, such as a join reading a thread id
// before its store, have some) and must rely on its exact check: the
// scheduling constraints it violates are added back, at least one, and
// the program is proved safe. bmc-oc needs the same exact check. With -DFEASIBLE the x-readers do not wait for
// the y-writers, and the failure is real.
// RUN: %expect-exit 0 %vcdpor --engine=bmc-refine %s | %FileCheck %s --check-prefix=REFINE
// RUN: %expect-exit 0 %vcdpor --engine=bmc-oc %s | %FileCheck %s --check-prefix=OC
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %vcdpor --engine=bmc-refine -DFEASIBLE %s | %FileCheck %s --check-prefix=ERR
// RUN: %expect-exit 1 %vcdpor --engine=bmc-oc -DFEASIBLE %s | %FileCheck %s --check-prefix=ERR
// REFINE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// REFINE: Refinement: iterations {{[1-9][0-9]*}}   kernel reasons found {{[0-9]+}}   kept {{[0-9]+}}   scheduling constraints added {{[1-9][0-9]*}}
// OC: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// OC: scheduling constraints added {{[1-9][0-9]*}}
// SAFE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// ERR: Error: assertion: assertion failed
#include <assert.h>
#include <pthread.h>
#include <vcdpor.h>

int x, y, a, b, c, d;
int r1, r2, r3, r4;

void *w1(void *p) { x = 1; a = 1; return 0; }
void *w2(void *p) { x = 2; b = 1; return 0; }
void *w3(void *p) { y = 1; c = 1; return 0; }
void *w4(void *p) { y = 2; d = 1; return 0; }
#ifdef FEASIBLE
#define WAIT_Y()
#else
#define WAIT_Y() vcdpor_assume(c == 1 && d == 1)
#endif
void *rd1(void *p) { WAIT_Y(); r1 = x; return 0; }
void *rd2(void *p) { WAIT_Y(); r2 = x; return 0; }
void *rd3(void *p) { vcdpor_assume(a == 1 && b == 1); r3 = y; return 0; }
void *rd4(void *p) { vcdpor_assume(a == 1 && b == 1); r4 = y; return 0; }

// No loop: the first bound is complete, and the only query is the
// assertion's.
int main(void) {
  pthread_t t1, t2, t3, t4, t5, t6, t7, t8;
  pthread_create(&t1, 0, w1, 0);
  pthread_create(&t2, 0, w2, 0);
  pthread_create(&t3, 0, w3, 0);
  pthread_create(&t4, 0, w4, 0);
  pthread_create(&t5, 0, rd1, 0);
  pthread_create(&t6, 0, rd2, 0);
  pthread_create(&t7, 0, rd3, 0);
  pthread_create(&t8, 0, rd4, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  pthread_join(t4, 0);
  pthread_join(t5, 0);
  pthread_join(t6, 0);
  pthread_join(t7, 0);
  pthread_join(t8, 0);
  assert(!(r1 == 1 && r2 == 2 && r3 == 1 && r4 == 2));
  return 0;
}
