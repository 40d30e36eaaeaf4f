// JSON report of a program without errors, written to a file; blocked count
// and nondet range included. The nondet range cuts the int's domain: the
// verdict is "bounded"; a bool draw covers its domain: "safe".
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:3 --json %t.json %s | %FileCheck %s --check-prefix=TEXT
// RUN: %FileCheck %s < %t.json
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['verdict']=='bounded' and r['bounds']['hit']==['nondet_range'] and r['errors']==[] and r['stats']['executions']==2 and r['stats']['blocked']==2, r" %t.json
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 -DBOOL --json %t.bool.json %s
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['verdict']=='safe' and r['bounds']['hit']==[] and r['stats']['executions']==1 and r['stats']['blocked']==1, r" %t.bool.json
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
#ifdef BOOL
  int v = __VERIFIER_nondet_bool();
#else
  int v = __VERIFIER_nondet_int();
#endif
  __VERIFIER_assume(v % 2 == 0);
  return v;
}
// One nondet event over 0:3: 4 paths, odd ones blocked: 2 + 2 blocked.
// TEXT: Bounded: no errors found, but not every execution was covered: nondet values were drawn from 0:3 only (nondet range 0:3, loop bound none).
// CHECK: "nondet_range": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 3
// CHECK: "errors": []
// CHECK: "blocked": 2
// CHECK: "executions": 2
// CHECK: "verdict": "bounded"
