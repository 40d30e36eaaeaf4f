// A nondet choice in a child interleaves with main's events.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int x;

void *child(void *arg) {
  x = __VERIFIER_nondet_int();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int v = x;
  pthread_join(t, 0);
  assert(v == 0);
  return 0;
}
// T0: create r(x) join; T1: nondet w(x). Orders of r among T1's 2 events:
// 3, times 2 values for nondet = 6; error when w(x)=1 precedes r: 1.
// CHECK: Error: assertion: assertion failed: v == 0
// CHECK: T1: nondet 1
// CHECK-NEXT: T1: write  x := 1
// CHECK-NEXT: T0: read   x = 1
// CHECK: Executions: 6 (blocked 0, bounded 0)
