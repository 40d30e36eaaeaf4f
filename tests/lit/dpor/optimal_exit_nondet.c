// Regression (tests/difftest/harness.py --extended, seed 5744, minimised):
// t2 always calls exit(), which kills t1 before or after its nondet draw.
// The race of the exit with a killed draw was planned with the draw's first
// value only; where that value slept, the classes in which t1 draws 1 after
// t2's read were never explored (10 of 13). A killed thread's pending event
// is now planned with each of its alternatives. The program may exit, so
// no event outside a reversal stands for it (dpor/optimal_exit_section.c):
// 2 of the executions end sleep-set-blocked.
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=EXH
// RUN: %expect-exit 4 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s --check-prefix=OPTIMAL
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s
// EXH: Happens-before classes: 13
// OPTIMAL: Executions: 13 (blocked 0, bounded 0)
// OPTIMAL: Sleep-set blocked: 2
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
atomic_int z;
void *t2(void *arg) {
  int l1 = atomic_load(&z);
  if (l1 == 0)
    exit(0);
  return 0;
}
void *t1(void *arg) {
  int l1 = __VERIFIER_nondet_int();
  return 0;
}
int main(void) {
  int l1 = 0;
  pthread_t h1;
  pthread_create(&h1, 0, t1, 0);
  pthread_t h2;
  pthread_create(&h2, 0, t2, 0);
  {
    int e = 0;
    l1 = atomic_compare_exchange_strong(&z, &e, 0);
  }
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
