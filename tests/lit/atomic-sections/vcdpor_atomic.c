// vcdpor_atomic_begin/end; the child's events are in the section with the
// nondet choice.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <pthread.h>
#include "vcdpor.h"

int a, b;

void *child(void *arg) {
  vcdpor_atomic_begin();
  a = 1;
  b = 1;
  vcdpor_atomic_end();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int ra = a;
  int rb = b;
  vcdpor_assert(ra == rb);
  pthread_join(t, 0);
  return 0;
}
// T0: create r(a) r(b) join; T1: B w(a) w(b) as one block. Block before,
// between or after T0's two reads: 3 executions; between gives ra=0, rb=1.
// CHECK: Error: assertion:
// CHECK: T0: read   a = 0
// CHECK-NEXT: T1: atomic-begin
// CHECK-NEXT: T1: write  a := 1
// CHECK-NEXT: T1: write  b := 1
// CHECK-NEXT: T0: read   b = 1
// CHECK: Executions: 3 (blocked 0, bounded 0)
