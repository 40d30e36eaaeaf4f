// Known defect (found by the long differential run, seed 184606, minimised):
// vc explores 8 complete executions where the exhaustive explorer's
// value-happens-before oracle counts 7 classes, so two of them are one
// class that vc's own signature (the failed trylock's interval, the
// condition-variable chain) tells apart. Nothing is missed: verdict, finding
// kinds and local behaviours agree. XFAIL until vc's partition or signature
// merges them; an XPASS means it has been fixed.
// XFAIL: *
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --include-xfail --min-checked 1 --opts=--opt=0 %s
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
