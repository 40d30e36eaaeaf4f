// Memory errors as guarded checks: an index chosen by nondet past the end
// of a global array, a use after free by another thread, and a double
// free; each confirmed by the interpreter.
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DOOB %s | %FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DUAF %s | %FileCheck %s --check-prefix=UAF
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DDOUBLE %s | %FileCheck %s --check-prefix=DOUBLE
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=OK
#include <pthread.h>
#include <stdlib.h>
int __VERIFIER_nondet_int(void);

int arr[4];
int *p;

void *user(void *x) {
#ifdef UAF
  *p = 1;
#endif
  return 0;
}

int main(void) {
  int i = __VERIFIER_nondet_int();
#ifdef OOB
  if (i >= 0 && i <= 4)
#else
  if (i >= 0 && i < 4)
#endif
    arr[i] = 1;
  p = malloc(sizeof(int));
  pthread_t t;
  pthread_create(&t, 0, user, 0);
  free(p);
#ifdef DOUBLE
  free(p);
#endif
  pthread_join(t, 0);
  return 0;
}
// OOB: Error: memory:
// OOB: T0: nondet 4
// UAF: Error: memory:
// UAF: T0: free
// UAF: T1: error: use after free
// DOUBLE: Error: memory:
// OK: No errors found
