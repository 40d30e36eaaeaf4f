// Two unsynchronised increments: exhaustive finds the lost update.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=ALL
#include <assert.h>
#include <pthread.h>

int counter;

void *inc(void *arg) {
  int v = counter;
  counter = v + 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(counter == 2);
  return 0;
}
// CHECK: Error: assertion: assertion failed: counter == 2
// CHECK: T1: read   counter = 0
// CHECK: T2: read   counter = 0
// CHECK: T0: read   counter = 1
// CHECK: T0: error: assertion failed: counter == 2


// After the first create: T0 c2<j1<j2<read, T1 r<w<j1, T2 c2<r<w<j2:
// 19 linear extensions.
// ALL: Executions: 19 (blocked 0, bounded 0)
