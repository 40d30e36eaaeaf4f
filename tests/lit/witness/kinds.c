// Witnesses of each kind of finding, each valid by the format's schema and
// replayed to its error: a signal that must wake one particular waiter
// (the witness names it), a lock-order deadlock, a data race under
// --property no-data-race, and bmc's counterexample with a nondet value far
// outside any --nondet-range.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DCONDVAR --witness cond.graphml %s | %FileCheck %s --check-prefix=CONDFIRST
// RUN: %expect-exit 1 %vcdpor -DCONDVAR --validate-witness cond.graphml %s | %FileCheck %s --check-prefix=COND
// RUN: %FileCheck %s --check-prefix=COND-WAKES < cond.graphml
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DDEADLOCK --witness dead.graphml %s
// RUN: %expect-exit 1 %vcdpor -DDEADLOCK --validate-witness dead.graphml %s | %FileCheck %s --check-prefix=DEAD
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DRACE --property no-data-race --witness race.graphml %s
// RUN: %expect-exit 1 %vcdpor -DRACE --validate-witness race.graphml %s | %FileCheck %s --check-prefix=RACE
// RUN: %FileCheck %s --check-prefix=RACE-SPEC < race.graphml
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBMC --witness bmc.graphml %s
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBMC --witness bmc.yml %s
// RUN: %expect-exit 1 %vcdpor -DBMC --validate-witness bmc.graphml %s | %FileCheck %s --check-prefix=BMC
// RUN: %expect-exit 1 %vcdpor -DBMC --validate-witness bmc.yml %s | %FileCheck %s --check-prefix=BMC-YAML
// RUN: %python %srcroot/tests/witness/check_witness.py cond.graphml dead.graphml race.graphml bmc.graphml bmc.yml | %FileCheck %s --check-prefix=VALID
// A run without an error writes no witness, and says so.
// RUN: %expect-exit 0 %vcdpor --engine=optimal --witness none.graphml %s 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: not test -e none.graphml
#include <assert.h>
#include <pthread.h>
unsigned __VERIFIER_nondet_uint(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int go, first, x;

// Records itself in first when it is the first woken by a signal.
void *waiter(void *arg) {
  int waited = 0;
  pthread_mutex_lock(&m);
  while (!go) {
    waited = 1;
    pthread_cond_wait(&c, &m);
  }
  if (waited && !first)
    first = (int)(long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

void *other(void *arg) {
  pthread_mutex_lock(&m2);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m2);
  return 0;
}

void *racer(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
#ifdef CONDVAR
  pthread_t a, b;
  pthread_create(&a, 0, waiter, (void *)1);
  pthread_create(&b, 0, waiter, (void *)2);
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(first != 2);
#endif
#ifdef DEADLOCK
  pthread_t t;
  pthread_create(&t, 0, other, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m2);
  pthread_mutex_unlock(&m2);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
#endif
#ifdef RACE
  pthread_t r;
  pthread_create(&r, 0, racer, 0);
  int v = x;
  pthread_join(r, 0);
  (void)v;
#endif
#ifdef BMC
  unsigned n = __VERIFIER_nondet_uint();
  assert(n != 123456);
#endif
  return 0;
}
// CONDFIRST: Error: assertion
// COND: confirmed: the schedule reaches assertion at line 72
// COND: T0: signal c wakes T{{[12]}}
// COND-WAKES: <data key="vcdpor-wakes">2</data>
// DEAD: confirmed: the schedule reaches deadlock
// RACE: confirmed: the schedule reaches data-race at line 54
// RACE-SPEC: <data key="specification">CHECK( init(main()), LTL(G ! data-race) )</data>
// BMC: confirmed: the schedule reaches assertion at line 92
// BMC: T0: nondet 123456
// BMC-YAML: confirmed: with its nondet values, an interleaving reaches assertion at line 92
// VALID: valid: cond.graphml
// VALID-NEXT: valid: dead.graphml
// VALID-NEXT: valid: race.graphml
// VALID-NEXT: valid: bmc.graphml
// VALID-NEXT: valid: bmc.yml
// NONE: note: no error: no violation witness written to none.graphml
