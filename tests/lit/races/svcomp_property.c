// --property reads an SV-COMP property file (or takes its name) and
// --svcomp ends with the competition's result line. no-data-race makes
// races errors and collects every error (an assertion failure violates
// nothing there); unreach-call counts assertion failures only (here the
// racy increments lose an update: -DRACY); valid-memsafety counts memory
// errors (-DUAF: a use after free) and never answers TRUE, since leaks
// (valid-memtrack) are not checked. vc cannot check races: the default run
// hands no-data-race to Optimal-DPOR. Property files that are not one of
// the three, and --svcomp without a property, are usage errors.
// RUN: %expect-exit 0 %vcdpor --property %S/../Inputs/no-data-race.prp --svcomp %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %vcdpor --property %S/../Inputs/no-data-race.prp --svcomp -DRACY %s | %FileCheck %s --check-prefix=RACY
// RUN: %expect-exit 1 %vcdpor --property no-data-race --svcomp -DRACY --engine=optimal %s | %FileCheck %s --check-prefix=RACY
// RUN: %expect-exit 2 %vcdpor --property no-data-race --engine=vc --vc-strict -DRACY %s 2>&1 | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 1 %vcdpor --property no-data-race --svcomp --engine=vc -DRACY %s | %FileCheck %s --check-prefixes=VCFB,RACY
// RUN: %expect-exit 1 %vcdpor --property %S/../Inputs/unreach-call.prp --svcomp -DRACY %s | %FileCheck %s --check-prefix=REACH
// RUN: %expect-exit 0 %vcdpor --property %S/../Inputs/unreach-call.prp --svcomp %s | %FileCheck %s --check-prefix=TRUE
// RUN: %expect-exit 1 %vcdpor --property %S/../Inputs/valid-memsafety.prp --svcomp -DUAF %s | %FileCheck %s --check-prefix=UAF
// RUN: %expect-exit 0 %vcdpor --property %S/../Inputs/valid-memsafety.prp --svcomp %s | %FileCheck %s --check-prefix=MEMOK
// RUN: %expect-exit 1 %vcdpor --property no-data-race --svcomp -DASSERT %s | %FileCheck %s --check-prefix=ASSERT
// RUN: %expect-exit 2 %vcdpor --property %S/../Inputs/no-overflow.prp %s 2>&1 | %FileCheck %s --check-prefix=BADPRP
// RUN: %expect-exit 2 %vcdpor --svcomp %s 2>&1 | %FileCheck %s --check-prefix=NOPRP
// RUN: %expect-exit 0 %vcdpor --property unreach-call --svcomp --json - %s | %FileCheck %s --check-prefix=JSON
// SAFE: Note: vc cannot explore this program by values yet
// SAFE: No errors found
// SAFE: SV-COMP result: TRUE
// VCFB: Note: vc cannot explore this program by values yet (checking for data races
// RACY: Error: data-race: data race on counter:
// RACY: SV-COMP result: FALSE(no-data-race)
// VC: vc: checking for data races (--property no-data-race) is not supported
// REACH: Error: assertion: error function called (reach_error)
// REACH-NOT: data-race
// REACH: SV-COMP result: FALSE(unreach-call)
// TRUE: No errors found
// TRUE: SV-COMP result: TRUE
// UAF: Error: memory: use after free
// UAF: SV-COMP result: FALSE(valid-deref)
// MEMOK: No errors found
// MEMOK: SV-COMP result: UNKNOWN
// ASSERT: Error: assertion:
// ASSERT-NOT: data-race
// ASSERT: SV-COMP result: TRUE
// BADPRP: --property {{.*}}no-overflow.prp: not a property vcdpor checks
// NOPRP: --svcomp needs --property
// JSON: "property": "unreach-call",
// JSON: "svcomp": "TRUE",
#include <pthread.h>
#include <stdlib.h>

void reach_error(void);

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *inc(void *a) {
#ifndef RACY
  pthread_mutex_lock(&m);
#endif
  counter++;
#ifndef RACY
  pthread_mutex_unlock(&m);
#endif
  return 0;
}

int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (counter != 2)
    reach_error();
#ifdef ASSERT
  reach_error();
#endif
#ifdef UAF
  free(p);
  return *p - 1;
#else
  int r = *p - 1;
  free(p);
  return r;
#endif
}
