// --progress writes a progress line (executions, rate, elapsed) on stderr
// about once a second; stdout keeps the normal report.
// AGREEMENT-SKIP: made to run until --timeout stops it (1001^6 executions)
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:1000 --timeout 1.2 --progress %s 2>%t.err | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int s = 0;
  for (int i = 0; i < 6; i++)
    s += __VERIFIER_nondet_int();
  return 0;
}
// 1001^6 executions: the timeout ends it (unknown, exit 3) after one
// progress line.
// CHECK: Unknown: the timeout limit was reached
// ERR: [vcdpor] {{[0-9]+}} executions, {{[0-9]+}}/s, {{[0-9.]+}} s elapsed
