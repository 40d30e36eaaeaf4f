// --max-executions stops a safe exploration early: verdict unknown, exit 3,
// with what was covered.
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:9 --max-executions 3 %s | %FileCheck %s
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:9 --max-executions 100 %s | %FileCheck %s --check-prefix=ENOUGH
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  return a + b;
}
// Two nondet events over 0:9: 100 executions; the limit 3 stops after 3.
// CHECK: Unknown: the max-executions limit was reached before the exploration finished; no errors in what was covered (nondet range 0:9
// CHECK: Executions: 3 (blocked 0, bounded 0)
// ENOUGH: Bounded: no errors found, but not every execution was covered: nondet values were drawn from 0:9 only (nondet range 0:9, loop bound none).
// ENOUGH: Executions: 100 (blocked 0, bounded 0)
