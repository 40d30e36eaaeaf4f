// __VERIFIER_atomic_* functions and atomic_begin/end run without another
// thread's events between their begin and end; an increment split over
// two sections loses updates.
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DSPLIT %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int x;

void __VERIFIER_atomic_inc(void) { x = x + 1; }

void *t(void *a) {
#ifdef SPLIT
  __VERIFIER_atomic_begin();
  int v = x;
  __VERIFIER_atomic_end();
  __VERIFIER_atomic_begin();
  x = v + 1;
  __VERIFIER_atomic_end();
#else
  __VERIFIER_atomic_inc();
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t, 0);
  pthread_create(&b, 0, t, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
// SAFE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// CHECK: Error: assertion: assertion failed: x == 2
