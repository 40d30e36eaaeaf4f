// --timeout ends a huge exploration: verdict unknown, exit 3.
// AGREEMENT-SKIP: made to run until --timeout stops it (1001^6 executions)
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:1000 --timeout 0.2 %s | %FileCheck %s
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:1000 --timeout 0.2 --json - %s | %FileCheck %s --check-prefix=JSON
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int s = 0;
  for (int i = 0; i < 6; i++)
    s += __VERIFIER_nondet_int();
  return 0;
}
// 1001^6 executions: far more than fit in 0.2 s.
// CHECK: Unknown: the timeout limit was reached before the exploration finished
// CHECK: Executions:
// JSON: "limit": "timeout"
// JSON: "verdict": "unknown"
