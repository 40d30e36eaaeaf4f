// An allocation above vcdpor's largest object (256 MiB) cuts its
// execution: a real malloc may return such an object, or NULL, and vcdpor
// models neither, so the verdict is bounded (never a memory finding, which
// SV-COMP's valid-memsafety would count as a violation: its safe_malloc
// tasks abort on NULL). A calloc whose size product overflows returns NULL,
// as C requires. bmc states the same: the cut is a bound (bounds.hit
// object_limit, and no deeper unwinding is tried), and a search for races
// still finds the race on g in executions with small sizes.
// RUN: %expect-exit 4 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=BIG
// RUN: %expect-exit 4 %vcdpor --engine=bmc --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 4 %vcdpor --engine=bmc -DCALLOC %s | %FileCheck %s --check-prefix=BIG
// RUN: %expect-exit 1 %vcdpor --engine=bmc --property no-data-race %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --nondet-range 1000000000:1000000000 -DCALLOC %s | %FileCheck %s --check-prefix=NULL
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --nondet-range 1000000000:1000000000 %s | %FileCheck %s --check-prefix=CUT
// BIG: Bounded: no errors found, but not every execution was covered: some execution allocates more than vcdpor models
// BIG-NOT: Error
// JSON: "hit": [
// JSON-NEXT: "object_limit"
// RACE: Error: data-race: data race on g
// RACE-NOT: Internal
// NULL: Bounded: no errors found, but not every execution was covered: nondet values were drawn from 1000000000:1000000000 only (
// CUT: Bounded: {{.*}}cut by the interpreter's object limits
#include <pthread.h>
#include <stdlib.h>

extern unsigned long __VERIFIER_nondet_ulong(void);
int g;

void *child(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  unsigned long n = __VERIFIER_nondet_ulong();
#ifdef CALLOC
  char *p = calloc(n, 1ul << 40);
#else
  char *p = malloc(n);
#endif
  if (p && n > 0)
    p[0] = 1;
  g = 2;
  pthread_join(t, 0);
  free(p);
  return 0;
}
