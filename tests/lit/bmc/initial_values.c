// Initial values as bmc reads them. An access that names its global (tab,
// indexed by a nondet value) takes that global's initial bytes alone; an
// access through a pointer read from memory (*gp, msg[1]) takes those of
// every global whose address is a value. The assertion's message, a
// string no pointer designates, is in neither. Each sum below needs every
// initial value right: with tab's or g's or the string's bytes taken as 0
// the error is missed and the bounds fail.
// RUN: %expect-exit 1 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=ERR
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --nondet-range 0:3 %s | %FileCheck %s --check-prefix=ERR
// RUN: %expect-exit 0 %vcdpor --engine=bmc -DSAFE %s | %FileCheck %s --check-prefix=SAFE
// As ILP32, the pointers in gp and msg are 32-bit addresses that bmc turns
// back into (object, offset) among the globals a pointer may designate
// (not the assertion messages).
// RUN: %expect-exit 1 %vcdpor --engine=bmc --data-model=ILP32 %s | %FileCheck %s --check-prefix=ERR
// RUN: %expect-exit 0 %vcdpor --engine=bmc --data-model=ILP32 -DSAFE %s | %FileCheck %s --check-prefix=SAFE
// ERR: assertion failed: s != 4 + 9 + 'y'
// ERR: tab[
// SAFE: No errors found (every nondet value
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int tab[4] = {1, 2, 3, 4};
int g = 7;
int *gp = &g;
const char *msg = "xyz";

void *writer(void *arg) {
  g = 9;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3)
    return 0;
  int s = tab[i] + *gp + msg[1];
#ifdef SAFE
  assert(s >= 1 + 7 + 'y' && s <= 4 + 9 + 'y');
#else
  assert(s != 4 + 9 + 'y');
#endif
  pthread_join(t, 0);
  return 0;
}
