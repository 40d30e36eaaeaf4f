// SV-COMP's idiom for a lock: an atomic function whose assume blocks until
// the lock is free. Two threads and main count under it; with -DNOGUARD the
// acquire does not wait and the count can be lost. A failed assume inside a
// section undoes nothing here (the assume comes first), so vc accepts it.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DNOGUARD %s | %FileCheck %s --check-prefix=BUG
// CHECK: No errors found
// CHECK: Executions: 6 (blocked 13, bounded 0)
// ORACLE: Value-happens-before classes: 6
// BUG: Error: assertion: assertion failed: count == 3
#include <assert.h>
#include <pthread.h>
void __VERIFIER_assume(int);
int lock, count;
void __VERIFIER_atomic_acquire(void) {
#ifndef NOGUARD
  __VERIFIER_assume(lock == 0);
#endif
  lock = 1;
}
void __VERIFIER_atomic_release(void) { lock = 0; }
void *worker(void *a) {
  __VERIFIER_atomic_acquire();
  int c = count;
  count = c + 1;
  __VERIFIER_atomic_release();
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  worker(0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(count == 3);
  return 0;
}
