// Choices inside atomic sections: a CAS, a nondet value and a branch on a
// value read inside the section, against a plain writer. A section's reads
// all see the state at its start plus its own writes. Counts: the
// exhaustive explorer's --count-vhb-classes: vc's 128 executions are the 68
// classes plus 60 that end in the assertion (its failure is an event of its
// own under --all-errors, so other threads' events may come before it).
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// CHECK: assertion failed: !(seen == 1 && d == 1)
// CHECK: Executions: 128 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 68
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int __VERIFIER_nondet_int(void);
atomic_int x, y;
int seen;
void *sec(void *a) {
  __VERIFIER_atomic_begin();
  int e = 0;
  int won = atomic_compare_exchange_strong(&x, &e, 1);
  int d = __VERIFIER_nondet_int();
  if (won && atomic_load(&y) == 2)
    atomic_store(&y, 3);
  seen = atomic_load(&y);
  __VERIFIER_atomic_end();
  assert(!(seen == 1 && d == 1));
  return 0;
}
void *plain(void *a) {
  atomic_store(&y, 2);
  int e = 0;
  atomic_compare_exchange_strong(&x, &e, 5);
  atomic_store(&y, 1);
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, sec, 0);
  pthread_create(&b, 0, plain, 0);
  sec(0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
