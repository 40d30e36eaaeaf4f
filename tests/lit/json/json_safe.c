// JSON report of a safe program, written to a file; blocked count and
// nondet range included.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:3 --json %t.json %s | %FileCheck %s --check-prefix=TEXT
// RUN: %FileCheck %s < %t.json
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['verdict']=='safe' and r['errors']==[] and r['stats']['executions']==2 and r['stats']['blocked']==2, r" %t.json
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v % 2 == 0);
  return v;
}
// One nondet event over 0:3: 4 paths, odd ones blocked: 2 + 2 blocked.
// TEXT: No errors found (nondet range 0:3, loop bound none).
// CHECK: "nondet_range": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 3
// CHECK: "errors": []
// CHECK: "blocked": 2
// CHECK: "executions": 2
// CHECK: "verdict": "safe"
