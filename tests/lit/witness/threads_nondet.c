// A violation witness of an error that needs one interleaving and one nondet
// value: written as GraphML and YAML, both valid by the formats' schemas,
// and both replayed to the same error. A GraphML witness whose value or
// schedule is changed is not confirmed (exit 6).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %expect-exit 1 %vcdpor --engine=optimal --nondet-range 0:5 --witness w.graphml %s | %FileCheck %s --check-prefix=FIRST
// RUN: %expect-exit 1 %vcdpor --engine=optimal --nondet-range 0:5 --witness w.yml %s
// RUN: %python %srcroot/tests/witness/check_witness.py w.graphml w.yml | %FileCheck %s --check-prefix=VALID
// RUN: %FileCheck %s --check-prefix=GRAPHML < w.graphml
// RUN: %FileCheck %s --check-prefix=YAML < w.yml
// RUN: %expect-exit 1 %vcdpor --validate-witness w.graphml %s | %FileCheck %s --check-prefix=REPLAY
// RUN: %expect-exit 1 %vcdpor --validate-witness w.yml %s | %FileCheck %s --check-prefix=REPLAY-YAML
// The value 3 replaced by 2: the assertion holds on that schedule.
// RUN: sed 's/>3</>2</; s/== 3;/== 2;/' w.graphml > wrong_value.graphml
// RUN: %expect-exit 6 %vcdpor --validate-witness wrong_value.graphml %s | %FileCheck %s --check-prefix=WRONG-VALUE
// RUN: sed 's/== 3"/== 2"/' w.yml > wrong_value.yml
// RUN: %expect-exit 6 %vcdpor --validate-witness wrong_value.yml %s | %FileCheck %s --check-prefix=WRONG-YAML
// Thread 1 given main's first step: not where it can run.
// RUN: %python -c "import re,sys; s=open('w.graphml').read(); s=s.replace('<data key=\"threadId\">0</data>', '<data key=\"threadId\">1</data>', 1); open('wrong_thread.graphml','w').write(s)"
// RUN: %expect-exit 6 %vcdpor --validate-witness wrong_thread.graphml %s | %FileCheck %s --check-prefix=WRONG-THREAD
#include <assert.h>
#include <pthread.h>
int __VERIFIER_nondet_int(void);

int x, y;

void *writer(void *arg) {
  x = 1;
  y = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int k = __VERIFIER_nondet_int();
  int a = y;
  int b = x;
  assert(!(k == 3 && a == 1 && b == 1));
  pthread_join(t, 0);
  return 0;
}
// FIRST: Error: assertion
// VALID: valid: w.graphml
// VALID-NEXT: valid: w.yml
// GRAPHML: <data key="witness-type">violation_witness</data>
// GRAPHML: <data key="vcdpor-finding">assertion</data>
// GRAPHML: <data key="threadId">0</data>
// GRAPHML-NEXT: <data key="startline">35</data>
// GRAPHML-NEXT: <data key="createThread">1</data>
// GRAPHML: <data key="assumption">\result == 3;</data>
// GRAPHML: <data key="violation">true</data>
// GRAPHML-NEXT: </node>
// GRAPHML-NEXT: <edge
// GRAPHML-NEXT: <data key="threadId">0</data>
// GRAPHML-NEXT: <data key="startline">39</data>
// YAML: format_version: "2.0"
// YAML: type: "function_return"
// YAML: value: "\\result == 3"
// YAML: line: 36
// YAML: type: "target"
// YAML: line: 39
// REPLAY: Witness w.graphml: confirmed: the schedule reaches assertion at line 39
// REPLAY: T0: create T1
// REPLAY: T0: nondet 3
// REPLAY: T0: error: assertion failed
// REPLAY-YAML: Witness w.yml: confirmed: with its nondet values, an interleaving reaches assertion at line 39
// WRONG-VALUE: NOT CONFIRMED: the witness's steps end without a finding
// WRONG-YAML: NOT CONFIRMED: no interleaving with its nondet values reaches line 39 with an error
// WRONG-THREAD: NOT CONFIRMED: step 1 (thread 1, line 35): no earlier step created thread 1
