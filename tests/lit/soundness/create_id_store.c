// pthread_create's id store into a shared pthread_t is a write event: two
// creations into one global race with the thread that reads it to join.
// The joiner may join the first child (result 1) or the second (result
// 2); the create events alone never reordered the read and the store, so
// source, optimal and vc said safe. The store comes before the create, as
// in glibc (tests/lit/pthread/create_id_order.c).
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --all-errors %s | %FileCheck %s --check-prefixes=CHECK,ALL
// RUN: %expect-exit 1 %vcdpor --engine=source --all-errors %s | %FileCheck %s --check-prefixes=CHECK,ALL
// RUN: %expect-exit 1 %vcdpor --engine=optimal --all-errors %s | %FileCheck %s --check-prefixes=CHECK,ALL
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_t t;

void *c1(void *a) { return (void *)1; }
void *c2(void *a) { return (void *)2; }

void *joiner(void *a) {
  void *r;
  pthread_join(t, &r);
  assert(r == (void *)1);
  return 0;
}

int main(void) {
  pthread_t u;
  pthread_create(&t, 0, c1, 0);
  pthread_create(&u, 0, joiner, 0);
  pthread_create(&t, 0, c2, 0);
  pthread_join(u, 0);
  return 0;
}
// CHECK: Error: assertion: assertion failed: r == (void *)1
// CHECK: T0: write  t := 4
// CHECK-NEXT: T0: create T3
// CHECK: T2: read   t = 4
// ALL-NOT: Error:
