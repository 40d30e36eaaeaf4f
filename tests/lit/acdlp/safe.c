// One-thread programs with arithmetic branches: --solver=acdlp proves what
// --solver=z3 proves (the bound is complete), with its own search figures.
// RUN: %expect-exit 0 %vcdpor --engine=bmc --solver=acdlp %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=bmc --solver=z3 %s | %FileCheck %s --check-prefix=Z3
#include <assert.h>
int __VERIFIER_nondet_int(void);
unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  int y;
  if (x > 10 && x < 100)
    y = x - 10;
  else
    y = 5;
  assert(y > 0 && y < 90);
  if (u < 1000)
    assert(u * 4 < 4000); // no wrap below 2^30
  unsigned m = u & 0xff;
  assert(m <= 255);
  return 0;
}
// CHECK: No errors found
// CHECK: Solver: acdlp   decisions {{[0-9]+}}   propagations {{[0-9]+}}   conflicts {{[0-9]+}}   learned {{[0-9]+}}   restarts 0   time {{[0-9.]+}} s   unsat confirmed by z3 2 (
// Z3: No errors found
// Z3: Solver: z3   decisions
