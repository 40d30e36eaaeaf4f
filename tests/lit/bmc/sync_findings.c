// Misuse of mutexes and joins is a finding for bmc as for the explicit
// engines: an unlock of a mutex the thread does not hold, a second join of
// one thread; and pthread_join's result store reaches the joiner.
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DUNLOCK %s | %FileCheck %s --check-prefix=UNLOCK
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DTWICE %s | %FileCheck %s --check-prefix=TWICE
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DRESULT %s | %FileCheck %s --check-prefix=RESULT
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=OK
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *res;

void *t(void *a) {
#ifdef UNLOCK
  pthread_mutex_unlock(&m);
#endif
  return (void *)42;
}

int main(void) {
  pthread_t x;
  pthread_create(&x, 0, t, 0);
  pthread_join(x, &res);
#ifdef TWICE
  pthread_join(x, 0);
#endif
#ifdef RESULT
  assert(res != (void *)42);
#else
  assert(res == (void *)42);
#endif
  return 0;
}
// UNLOCK: Error: mutex:
// TWICE: Error: thread:
// RESULT: Error: assertion: assertion failed: res != (void *)42
// RESULT: T0: join T1
// OK: No errors found
