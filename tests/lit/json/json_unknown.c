// JSON report when a limit is reached: verdict unknown, exit 3.
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --max-executions 2 --json - %s | %FileCheck %s
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  return a + b;
}
// 4 executions in all; the limit stops after 2.
// CHECK: "errors": []
// CHECK: "limit": "max-executions"
// CHECK: "executions": 2
// CHECK: "verdict": "unknown"
