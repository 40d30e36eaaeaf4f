// A loop whose proof needs an invariant (y = 2x, x <= 1000000): chc proves
// it for every number of iterations, which no bounded engine can say. The
// clauses written by --emit-chc, read back as a .smt2 file, are satisfiable
// too.
// AGREEMENT-SKIP: up to 10^6 loop iterations per execution and every nondet value: what chc proves, no explicit engine enumerates
// RUN: %expect-exit 0 %vcdpor --engine=chc %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=chc --json=- %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 0 %vcdpor --engine=chc --emit-chc %t.smt2 %s
// RUN: %FileCheck %s --check-prefix=EMIT < %t.smt2
// RUN: %expect-exit 0 %vcdpor --engine=chc %t.smt2 | %FileCheck %s --check-prefix=REREAD
// CHECK: engine chc (rahit refinement)
// CHECK: Clauses: {{[0-9]+}} ({{[0-9]+}} predicates) from {{.*}}c_invariant.c ({{[0-9]+}} error queries, {{[1-9][0-9]*}} overflow queries, 0 globals)
// CHECK: No errors found: a proof for every input and every number of loop iterations
// CHECK: CHC result: sat
// JSON: "unbounded": true
// JSON: "verdict": "safe"
// EMIT: (set-logic HORN)
// EMIT: (declare-fun |main.b0| () Bool)
// EMIT: ; 0: init
// EMIT: overflow: a sum above the i32 range
// EMIT: error: assertion failed
// EMIT: (check-sat)
// REREAD: No errors found (the clauses are satisfiable
// REREAD: CHC result: sat
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main() {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    if (x >= 1000000)
      break;
    x++;
    y += 2;
  }
  __VERIFIER_assert(y == 2 * x);
  return 0;
}
