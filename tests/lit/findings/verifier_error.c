// __VERIFIER_error() is an assertion failure.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v == 1)
    __VERIFIER_error();
  return 0;
}
// One nondet event, values 0 then 1: the second execution fails.
// CHECK: Error: assertion:
// CHECK: T0: nondet 1
// CHECK: Executions: 2 (blocked 0, bounded 0)
