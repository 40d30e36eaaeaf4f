// Regression (tests/difftest/harness.py --extended, seed 53457, minimised):
// Optimal-DPOR explored 3 of the 5 happens-before classes. main aborts inside
// an atomic section when it reads y == 0, killing t1 and t2. The races of
// the abort with their killed reads were both reversed before the section's
// start, but t1's read, explored first, was taken as a weak initial of the
// reversal [t2's read] (it commutes with it), so that reversal was never
// inserted: yet in the classes it leads to the abort may kill t1's read, and
// no execution starting with it reaches them (t2 read z, t1 killed with or
// without its read). Where the program may exit, an event that is not in a
// reversal no longer stands for it (Run::weakInitial).
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=EXH
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes %s | %FileCheck %s
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s
// EXH: Happens-before classes: 5
// CHECK: Executions: 5 (blocked 0, bounded 0)
// CHECK: Note: the program may call exit() or abort()
// CHECK: Happens-before classes: 5
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
atomic_int x, y, z;
void *t2(void *arg) {
  int l0 = atomic_load(&z);
  return 0;
}
void *t1(void *arg) {
  int l0 = atomic_load(&x);
  atomic_store(&y, l0 + 1);
  return 0;
}
int main(void) {
  pthread_t h1;
  pthread_create(&h1, 0, t1, 0);
  pthread_t h2;
  pthread_create(&h2, 0, t2, 0);
  int l0 = atomic_load(&z);
  __VERIFIER_atomic_begin();
  int l1 = atomic_load(&y);
  if (l1 == 0)
    abort();
  __VERIFIER_atomic_end();
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
