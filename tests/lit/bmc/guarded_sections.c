// Atomic sections whose begin runs under a condition. bmc orders two
// sections of different threads as wholes, and orders one by one the
// events that may run without their section's begin: here the worker's
// writes run whether or not it opened its section. Without a section
// (c == 0) main's section may fall between the worker's two writes (final
// x == 2, y == 1), never around only one of them: final x == 1 and y == 2
// would need the worker's write of x inside main's section.
// At --opt=0 the worker's writes lie between its begin and end under
// guards of their own (at -O1 clang duplicates them into the two branches).
// RUN: %expect-exit 0 %vcdpor --engine=bmc --opt=0 %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=0 -DBETWEEN %s | %FileCheck %s --check-prefix=BETWEEN
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DBETWEEN %s | %FileCheck %s --check-prefix=BETWEEN
// Without its section the worker's writes race with main's: a race needs
// one access outside an atomic section, and whether the worker's are in one
// depends on the path (bmc took them as in a section on every path).
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=0 --data-races=error %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %vcdpor --engine=bmc-refine --opt=0 --data-races=error %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %vcdpor --engine=bmc-oc --opt=0 --data-races=error %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --data-races=error %s | %FileCheck %s --check-prefix=RACE
// RACE: Error: data-race: data race on {{x|y}}: write by thread {{.*}}guarded_sections.c:{{[0-9]+}} in worker)
// SAFE: No errors found
// BETWEEN: assertion failed: !(x == 2 && y == 1)
#include <assert.h>
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
extern _Bool __VERIFIER_nondet_bool(void);

int x, y;

void *worker(void *arg) {
  _Bool c = __VERIFIER_nondet_bool();
  if (c)
    __VERIFIER_atomic_begin();
  x = 1;
  y = 1;
  if (c)
    __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  __VERIFIER_atomic_begin();
  x = 2;
  y = 2;
  __VERIFIER_atomic_end();
  pthread_join(t, 0);
#ifdef BETWEEN
  assert(!(x == 2 && y == 1));
#else
  assert(!(x == 1 && y == 2));
#endif
  return 0;
}
