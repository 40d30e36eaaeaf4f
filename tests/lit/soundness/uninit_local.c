// A local read before it is written has an indeterminate value (C11
// 6.7.9p10), read as a nondeterministic one, as SV-COMP and the 2LS tests
// read it. Before, it was 0 at -O0 and whatever the optimiser chose above
// (a branch on undef folded away), so each of these bugs was "safe".
//
// With -DBRANCH, x is set on one path only; the assertion fails on the other when
// x is not 1. The explicit engines draw x from the nondet range (0 fails).
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DBRANCH %s | %FileCheck %s --check-prefix=BRANCH
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DBRANCH %s | %FileCheck %s --check-prefix=BRANCH
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=2 -DBRANCH %s | %FileCheck %s --check-prefix=BRANCH
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBRANCH %s | %FileCheck %s --check-prefix=BRANCH
// BRANCH: assertion failed: x == 1
//
// With -DFIVE, the bug needs the value 5: bmc finds it at every level; the
// explicit engines, drawing 0:1, say the verdict is bounded, never safe.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=0 -DFIVE %s | %FileCheck %s --check-prefix=FIVE
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=1 -DFIVE %s | %FileCheck %s --check-prefix=FIVE
// RUN: %expect-exit 1 %vcdpor --engine=bmc --opt=2 -DFIVE %s | %FileCheck %s --check-prefix=FIVE
// RUN: %expect-exit 4 %vcdpor --engine=optimal -DFIVE %s | %FileCheck %s --check-prefix=FIVE-BOUNDED
// RUN: %expect-exit 1 %vcdpor --engine=optimal --nondet-range 0:7 -DFIVE %s | %FileCheck %s --check-prefix=FIVE
// The draw is in the witness, which replays to the same failure.
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DFIVE --witness %t.graphml %s > /dev/null
// RUN: %expect-exit 1 %vcdpor --validate-witness %t.graphml -DFIVE %s | %FileCheck %s --check-prefix=REPLAY
// REPLAY: confirmed: the schedule reaches assertion at line
// REPLAY: T0: nondet 5
// FIVE: assertion failed: x != 5
// FIVE-BOUNDED: Bounded: no errors found{{.*}}nondet values were drawn from 0:1 only
//
// With -DLOOP, a counter declared without a value, then counted in a loop; the
// thread reads it too (it is shared through g).
// RUN: %expect-exit 1 %vcdpor --engine=bmc --unroll 4 -DLOOP %s | %FileCheck %s --check-prefix=LOOP
// RUN: %expect-exit 1 %vcdpor --engine=optimal --nondet-range 0:3 -DLOOP %s | %FileCheck %s --check-prefix=LOOP
// LOOP: assertion failed: n != 3
//
// Locals that are written before they are read draw nothing: the verdict
// is safe, not bounded.
// RUN: %vcdpor --engine=optimal -DINIT %s | %FileCheck %s --check-prefix=INIT
// RUN: %vcdpor --engine=optimal --opt=0 -DINIT %s | %FileCheck %s --check-prefix=INIT
// RUN: %vcdpor --engine=bmc -DINIT %s | %FileCheck %s --check-prefix=INIT
// INIT: No errors found
// INIT-NOT: Bounded
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
int g;

void *reader(void *arg) {
  int v = g;
  (void)v;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
#if defined(BRANCH)
  int x;
  if (__VERIFIER_nondet_int())
    x = 1;
  g = x;
  assert(x == 1);
#elif defined(FIVE)
  int x;
  g = 1;
  assert(x != 5);
#elif defined(LOOP)
  int n;
  for (int i = 0; i < 2; i++)
    n++;
  g = n;
  assert(n != 3);
#else
  int x, y;
  if (g)
    x = 2;
  else
    x = 3;
  y = x + 1;
  g = y;
  assert(y != x);
#endif
  pthread_join(t, 0);
  return 0;
}
