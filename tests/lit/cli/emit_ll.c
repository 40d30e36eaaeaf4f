// --emit-ll writes the checked module; it can be checked again as .ll with
// the same result and counts.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --emit-ll %t.ll %s | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=IR < %t.ll
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --all-errors %t.ll | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int x;

void *child(void *arg) {
  x = 1;
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
// T0: create r(x) join; T1: w(x): read before or after the write: 2.
// CHECK: Error: assertion: assertion failed: v == 0
// CHECK: Executions: 2 (blocked 0, bounded 0)
// IR: @x = {{.*}}global i32 0
// IR: define {{.*}}@child(
// IR: define {{.*}}@main(
// IR: call {{.*}}@pthread_create
