// vc finds the lost update with a full counterexample, and with --root the
// report names the chosen root thread.
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --root 2 --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 2 %vcdpor --engine=optimal --root 1 %s 2>&1 | %FileCheck %s --check-prefix=BADROOT
// RUN: %expect-exit 2 %vcdpor --engine=vc --root x %s 2>&1 | %FileCheck %s --check-prefix=BADROOT2
// CHECK: Error: assertion: assertion failed: counter == 2
// CHECK: T1: read   counter = 0
// CHECK: T2: read   counter = 0
// CHECK: T0: read   counter = 1
// CHECK: VC-DPOR: root thread 1
// JSON: "root_thread": 2,
// JSON: "closure_calls":
// JSON: "replays":
// BADROOT: --root applies to --engine=vc
// BADROOT2: --root 'x': expected a thread id
#include <assert.h>
#include <pthread.h>
int counter;
void *inc(void *a) {
  int v = counter;
  counter = v + 1;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
