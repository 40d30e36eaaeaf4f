// tests/difftest/harness.py --extended, seed 30555, minimised: t1 (created
// by main) creates t2 and spins on y and x, which main's store and t2's CAS
// write. Optimal-DPOR explored 6 executions for 10 happens-before classes:
// reversing a race with main's store put t1's next spin read, which only
// that store had woken, into the reversal, where t1 cannot run; the branch
// was dropped as stale with the CAS behind it. A spin loop's re-read that
// only left-out writes woke is now left out of the reversal too.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=CLS
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefixes=OPT,CLS
// RUN: %expect-exit 0 %vcdpor --engine=source --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefixes=OPT,CLS
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s
// OPT: Executions: 10 (blocked 0, bounded 0)
// CLS: Happens-before classes: 10
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
  int l2 = 0;
  { int e = 0; l2 = atomic_compare_exchange_strong(&x, &e, 2); }
  return 0;
}
void *t1(void *arg) {
  pthread_t c; pthread_create(&c, 0, t2, 0);
  while (atomic_load(&y) == 0 && atomic_load(&x) == 0)
    ;
  pthread_join(c, 0);
  return 0;
}
int main(void) {
  int l0 = 0;
  pthread_t h1; pthread_create(&h1, 0, t1, 0);
  l0 = atomic_load(&x);
  atomic_store(&x, l0 + 1);
  pthread_join(h1, 0);
  return 0;
}
