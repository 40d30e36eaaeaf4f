// The assertion fails after seven iterations: the derivation of false
// gives n = 7, and the interpreter, run with that value, reaches the
// failure; only then is the error reported, with its trace. The emitted
// clauses are unsatisfiable too.
// RUN: %expect-exit 1 %vcdpor --engine=chc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=chc --json=- %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 %vcdpor --engine=chc --emit-chc %t.smt2 %s
// RUN: %expect-exit 1 %vcdpor --engine=chc %t.smt2 | %FileCheck %s --check-prefix=REREAD
// CHECK: A derivation of false of {{[0-9]+}} clauses (assertion failed at {{.*}}c_unsafe.c:[[#@LINE+20]]), confirmed by the interpreter with nondet values: 7.
// CHECK-NEXT: Error: assertion: assertion failed
// CHECK-NEXT: Trace (thread: event @ source):
// CHECK-NEXT: T0: nondet 7
// CHECK-NEXT: T0: error: assertion failed
// CHECK: CHC result: unsat
// JSON: "confirmed_by": "interpreter"
// JSON: "nondet_values": [
// JSON-NEXT: 7
// JSON: "verdict": "error"
// REREAD: Error: false is derivable
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100)
    return 0;
  int x = 0;
  for (int i = 0; i < n; i++)
    x += 3;
  __VERIFIER_assert(x != 21);
  return 0;
}
