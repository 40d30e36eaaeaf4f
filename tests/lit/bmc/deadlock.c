// Lock-order inversion: bmc's deadlock formula (every live thread blocked
// at the end on a held mutex or a join) finds it; the interpreter replays
// the schedule to the same deadlock. With one order, no deadlock: safe.
// RUN: %expect-exit 1 %vcdpor --engine=bmc %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=bmc -DORDERED %s | %FileCheck %s --check-prefix=SAFE
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

void *t1(void *x) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return 0;
}

void *t2(void *x) {
#ifdef ORDERED
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
#else
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
#endif
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
// CHECK: Error: deadlock:
// CHECK-DAG: T1: lock a
// CHECK-DAG: T2: lock b
// SAFE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
