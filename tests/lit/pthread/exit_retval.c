// pthread_exit from a nested call ends the thread; join delivers its value.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int x;

void finish(long v) { pthread_exit((void *)v); }

void *child(void *arg) {
  x = 1;
  finish(42);
  x = 2; // never reached
  return 0;
}

int main(void) {
  pthread_t t;
  void *ret;
  pthread_create(&t, 0, child, 0);
  pthread_join(t, &ret);
  assert((long)ret == 42);
  assert(x == 1);
  assert(x == 2); // fails: pthread_exit skipped the second write
  return 0;
}
// T0: create join r(x) r(x); T1: w(x)=1 before the join: 1 execution.
// CHECK: Error: assertion: assertion failed: x == 2
// CHECK: T0: create T1
// CHECK-NEXT: T1: write  x := 1
// CHECK-NEXT: T0: join   T1
// CHECK-NEXT: T0: read   x = 1
// CHECK-NEXT: T0: read   x = 1
// CHECK-NEXT: T0: error: assertion failed: x == 2
// CHECK: Executions: 1 (blocked 0, bounded 0)
