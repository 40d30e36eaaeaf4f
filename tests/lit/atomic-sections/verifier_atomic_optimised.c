// The checker's interface survives clang's optimiser at -O1 and -O2: a
// __VERIFIER_atomic_* function is not inlined (an inlined body is no longer a
// section: the increments below raced, and a lost update was reported), and
// a call to an empty reach_error() is not deleted as side-effect free (the
// SV-COMP error below went unreported). Every engine, every level.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=1 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=1 -DREACH %s | %FileCheck %s --check-prefix=REACH
// RUN: %expect-exit 1 %vcdpor --engine=optimal --opt=2 -DREACH %s | %FileCheck %s --check-prefix=REACH
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=1 -DREACH %s | %FileCheck %s --check-prefix=REACH
// CHECK: No errors found
// REACH: Error: assertion: error function called (reach_error)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
void reach_error() {}

int counter;

void __VERIFIER_atomic_inc(void) { counter = counter + 1; }

void *child(void *arg) {
  __VERIFIER_atomic_inc();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  __VERIFIER_atomic_inc();
  pthread_join(t, 0);
  assert(counter == 2);
#ifdef REACH
  reach_error();
  abort();
#endif
  return 0;
}
