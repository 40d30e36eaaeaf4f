// Regression (tests/difftest/harness.py --extended, seed 90533): Optimal-DPOR
// explored 20 of the 24 happens-before classes. t3 exits when it reads x == 0,
// killing t1's read of z (which nothing writes). The race of that read with
// the exit was reversed at the node after t1's create, [t2 t2 main t3 t3:exit],
// but the wakeup tree there held t2's first read as a leaf, and a sequence
// reaching a leaf was dropped ("every extension of it gets explored anyway").
// In the leaf's executions t1's read sleeps, and the reversal that would put
// t3 before t2's section kept it ([t1 t3], covered by the sleeper), so the
// classes where the exit kills t1's read after t2 wrote y were never reached.
// Where the program may exit, a sequence goes on below a leaf (Run::insert).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
atomic_int x, y, z;
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
void *t3(void *arg) {
  int l0 = 0;
  l0 = atomic_load(&x);
  if (l0 == 0) exit(0);
  return 0;
}
void *t2(void *arg) {
  int l0 = 0;
  int l1 = 0;
  l0 = atomic_load(&y);
  atomic_store(&y, l0 + 1);
  __VERIFIER_atomic_begin(); {
    atomic_fetch_add(&x, 2);
    { int e = 2; l1 = atomic_compare_exchange_strong(&y, &e, 1); }
  } __VERIFIER_atomic_end();
  return 0;
}
void *t1(void *arg) {
  int l0 = 0;
  pthread_t c; pthread_create(&c, 0, t3, 0);
  l0 = atomic_load(&z);
  pthread_join(c, 0);
  return 0;
}
int main(void) {
  int l0 = 0;
  pthread_t h1; pthread_create(&h1, 0, t1, 0);
  pthread_t h2; pthread_create(&h2, 0, t2, 0);
  l0 = atomic_load(&y);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
