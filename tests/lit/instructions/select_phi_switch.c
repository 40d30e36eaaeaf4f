// select, phi and switch on nondet values, at -O1/-O2 where clang emits
// selects, phis and switch tables.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=2 --nondet-range 0:5 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=1 --nondet-range 0:5 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:5 --all-errors %s | %FileCheck %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

static int classify(int v) {
  switch (v) {
  case 0: return 10;
  case 1: return 20;
  case 2: return 30;
  case 4: return 50;
  default: return -1;
  }
}

int main(void) {
  int v = __VERIFIER_nondet_int();
  int m = v > 2 ? v * 2 : v + 1;   // select
  int acc = 0;
  for (int k = 0; k < 3; k++)      // phi
    acc += k * v;
  int c = classify(v);             // switch
  assert(acc == 3 * v);
  assert(m == (v > 2 ? 2 * v : v + 1));
  assert(c != -1 || v == 3 || v == 5);
  assert(c != 50);                 // fails for v == 4
  return 0;
}
// One nondet event, 6 values: 6 executions, one error (v = 4).
// CHECK: Error: assertion: assertion failed: c != 50
// CHECK: T0: nondet 4
// CHECK: Executions: 6 (blocked 0, bounded 0)
