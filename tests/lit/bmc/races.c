// bmc seeks data races under --data-races=error and --property
// no-data-race: an execution whose last step is one access while another
// thread's next step is a conflicting one (at least one a write, at least
// one neither atomic nor in an atomic section). The race here needs n >= 5,
// beyond the explicit engines' nondet range: Optimal-DPOR's answer is
// bounded, bmc finds the race and the interpreter confirms it (both
// accesses named, the second one the trace's last step), and the default
// run's portfolio lets bmc decide the property.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --data-races=error %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 4 %vcdpor --engine=optimal --data-races=error %s | %FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %vcdpor --property no-data-race --svcomp %s | %FileCheck %s --check-prefix=PORTFOLIO
//
// What is not a race, each proved for every execution (complete bound):
// accesses under one mutex; atomic accesses on both sides; a failed
// cmpxchg (it only reads) against a plain read; two atomic sections.
// RUN: %expect-exit 0 %vcdpor --engine=bmc --property no-data-race --svcomp -DLOCKED %s | %FileCheck %s --check-prefixes=NONE,COMPLETE
// RUN: %expect-exit 0 %vcdpor --engine=bmc --property no-data-race --svcomp -DATOMIC %s | %FileCheck %s --check-prefixes=NONE,COMPLETE
// RUN: %expect-exit 0 %vcdpor --engine=bmc --property no-data-race --svcomp -DFAILED_CAS %s | %FileCheck %s --check-prefixes=NONE,COMPLETE
// RUN: %expect-exit 0 %vcdpor --engine=bmc --property no-data-race --svcomp -DSECTIONS %s | %FileCheck %s --check-prefixes=NONE,COMPLETE
// RUN: %expect-exit 0 %vcdpor --engine=optimal --property no-data-race --svcomp -DFAILED_CAS %s | %FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 0 %vcdpor --engine=optimal --property no-data-race --svcomp -DSECTIONS %s | %FileCheck %s --check-prefix=NONE
//
// An access inside an atomic section races with a plain one of another
// thread, though the section goes on after it (the race's first step is
// then the whole section); a successful cmpxchg writes.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --property no-data-race -DSECTION_VS_PLAIN %s | %FileCheck %s --check-prefixes=SECTION,BMCSECTION
// RUN: %expect-exit 1 %vcdpor --engine=optimal --property no-data-race -DSECTION_VS_PLAIN %s | %FileCheck %s --check-prefix=SECTION
// RUN: %expect-exit 1 %vcdpor --engine=bmc --property no-data-race -DGOOD_CAS %s | %FileCheck %s --check-prefix=CAS
//
// bmc has events for accesses the interpreter keeps invisible (a heap
// object no other thread can reach); the replay must not take one of them,
// at the same line, for the pending write of a global.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=0 --property no-data-race -DLOCAL_HEAP %s | %FileCheck %s --check-prefix=LOCAL
//
// Under no-data-race an execution ends at any other finding: the race
// after a failed assertion is in no execution, and the assertion itself
// violates nothing (SV-COMP TRUE, as Optimal-DPOR says).
// RUN: %expect-exit 0 %vcdpor --engine=bmc --property no-data-race --svcomp -DASSERT_FIRST %s | %FileCheck %s --check-prefixes=NONE,COMPLETE
// RUN: %expect-exit 1 %vcdpor --engine=optimal --property no-data-race --svcomp -DASSERT_FIRST %s | %FileCheck %s --check-prefix=ASSERT
// With --data-races=error the assertion is the finding.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --data-races=error -DASSERT_FIRST %s | %FileCheck %s --check-prefix=ASSERTONLY

// RACE: Error: data-race: data race on x: {{(write by thread 1 at .*, read by thread 0|read by thread 0 at .*, write by thread 1)}}
// RACE: T0: nondet
// RACE: {{T1: write  x := 1|T0: read   x = 0}}
// RACE-NEXT: {{T0: read   x = 1|T1: write  x := 1}}
// RACE-NEXT: race: data race on x
// BOUNDED: Bounded: no errors found
// PORTFOLIO: Note: optimal could not decide (its answer held for the nondet range only); bmc decided.
// PORTFOLIO: Error: data-race: data race on x
// PORTFOLIO: SV-COMP result: FALSE(no-data-race)
// NONE: No errors found
// COMPLETE-SAME: which no execution exceeds
// NONE: SV-COMP result: TRUE
// SECTION: Error: data-race: data race on x: {{(write by thread 1 at .*, write by thread 0|write by thread 0 at .*, write by thread 1)}}
// BMCSECTION: T1: write  y := 1
// BMCSECTION-NEXT: T0: write  x := 2
// BMCSECTION-NEXT: race: data race on x
// CAS: Error: data-race: data race on x: {{.*}}atomic rmw by thread 1 at
// LOCAL: Error: data-race: data race on x:
// ASSERT: Error: assertion:
// ASSERT-NOT: data-race
// ASSERT: SV-COMP result: TRUE
// ASSERTONLY: Error: assertion:
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

#if defined(LOCKED) || defined(ATOMIC) || defined(FAILED_CAS) ||             \
    defined(GOOD_CAS) || defined(SECTIONS) || defined(SECTION_VS_PLAIN) ||   \
    defined(ASSERT_FIRST) || defined(LOCAL_HEAP)
#define NO_NONDET // Optimal-DPOR covers every execution
#endif

int x, y;
atomic_int a;
unsigned n;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t(void *p) {
#if defined(LOCKED)
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
#elif defined(ATOMIC)
  atomic_store(&a, 1);
#elif defined(FAILED_CAS) || defined(GOOD_CAS)
  int e = 5; // x is 0 (or 1): this cmpxchg never succeeds
#ifdef GOOD_CAS
  e = 0;
#endif
  __atomic_compare_exchange_n(&x, &e, 7, 0, __ATOMIC_SEQ_CST,
                              __ATOMIC_SEQ_CST);
#elif defined(SECTIONS) || defined(SECTION_VS_PLAIN)
  __VERIFIER_atomic_begin();
  x = 1;
  y = 1;
  __VERIFIER_atomic_end();
#elif defined(ASSERT_FIRST)
  x = 1;
#elif defined(LOCAL_HEAP)
  { int *q = malloc(sizeof(int)); *q = 2; x = *q; } // one line, see above
#else
  if (n >= 5)
    x = 1; // races with main's read below, only when n >= 5
#endif
  return 0;
}

int main(void) {
#ifndef NO_NONDET
  n = __VERIFIER_nondet_uint();
#endif
#ifdef ASSERT_FIRST
  assert(n == 1); // fails in every execution, before t exists
#endif
  pthread_t h;
  pthread_create(&h, 0, t, 0);
#if defined(LOCKED)
  pthread_mutex_lock(&m);
  int r = x;
  pthread_mutex_unlock(&m);
#elif defined(ATOMIC)
  int r = atomic_load(&a);
#elif defined(SECTIONS)
  __VERIFIER_atomic_begin();
  x = 2;
  __VERIFIER_atomic_end();
  int r = 0;
#elif defined(SECTION_VS_PLAIN)
  x = 2;
  int r = 0;
#else
  int r = x;
#endif
  pthread_join(h, 0);
  return r;
}
