// Found by the long differential run (seed 184606, minimised): T1 (the root)
// reads y == 1, written inside main's second critical section, then its
// trylock fails. vc used to offer the failure in main's first critical
// section as well; the edge that closes that interval (trylock before the
// unlock) would have made the order cyclic and was silently dropped, so the
// replay ran the same interleaving as the second-section child: 8 complete
// executions for 7 value-happens-before classes. A failed trylock's interval
// that closes before the thread's earlier events now prunes the child.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s
// CHECK: No errors found
// CHECK: Executions: 7 (blocked 0, bounded 0)
// CHECK: redundant 0
// ORACLE: Value-happens-before classes: 7
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
void __VERIFIER_assume(int);
int __VERIFIER_nondet_int(void);
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
atomic_int x, y, z;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, n = PTHREAD_MUTEX_INITIALIZER;
void *t1(void *arg) {
  int l0 = 0;
  int l1 = 0;
  l0 = atomic_load(&y);
  if (pthread_mutex_trylock(&m) == 0) {
    { int e = 1; l1 = atomic_compare_exchange_strong(&z, &e, 1); }
    __VERIFIER_assume(l0 != 2);
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(void) {
  pthread_t h1; pthread_create(&h1, 0, t1, 0);
  pthread_mutex_lock(&m);
  atomic_store(&z, 1);
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  atomic_store(&y, 1);
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(h1, 0);
  return 0;
}
