// Regression (tests/difftest/harness.py --extended, seed 30431, minimised):
// Optimal-DPOR explored 8 executions for 9 happens-before classes. The class
// where main draws 1 and t2's CAS comes before t1's read (t1 then does not
// exit) was lost: the race of t1's read with t2's CAS is only seen in
// executions where main's draw was killed, and there the sleeper for main's
// draw of 0 covered it (main's event commutes with the CAS), though the class
// needs the other value. Such a race is now planned as each other value of
// the draw, then the reversal. The program may exit, so no event outside a
// reversal stands for it (dpor/optimal_exit_section.c): 1 execution ends
// sleep-set-blocked.
// RUN: %expect-exit 4 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=EXH
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s
// CHECK: Executions: 9 (blocked 0, bounded 0)
// CHECK: Sleep-set blocked: 1
// EXH: Happens-before classes: 9
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
void __VERIFIER_assume(int);
int __VERIFIER_nondet_int(void);
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
atomic_int x, y, z;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, n = PTHREAD_MUTEX_INITIALIZER;
void *t2(void *arg) {
  int l1 = 0;
  { int e = 0; l1 = atomic_compare_exchange_strong(&y, &e, 1); }
  return 0;
}
void *t1(void *arg) {
  int l0 = 0;
  l0 = atomic_load(&y);
  if (l0 == 0) exit(0);
  return 0;
}
int main(void) {
  int l1 = 0;
  pthread_t h1; pthread_create(&h1, 0, t1, 0);
  pthread_t h2; pthread_create(&h2, 0, t2, 0);
  l1 = __VERIFIER_nondet_int();
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
