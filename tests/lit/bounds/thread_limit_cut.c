// An execution cut by the thread limit (2048 threads) is bounded, and the
// verdict names that bound, not the loop bound (there is none here); the
// JSON lists it as "thread_limit". With --unroll 3, main's loop is cut by
// the loop bound first.
// RUN: %expect-exit 4 %vcdpor --engine=optimal --json %t.json %s | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %expect-exit 4 %vcdpor --engine=optimal --unroll 3 %s | %FileCheck %s --check-prefix=LOOP
// CHECK: Bounded: no errors found, but not every execution was covered: 1 executions were cut by the thread limit (2048 threads) (nondet range 0:1, loop bound none).
// JSON: "hit": [
// JSON-NEXT: "thread_limit"
// JSON-NEXT: ]
// LOOP: 1 executions were cut by the loop bound (nondet range 0:1, loop bound 3).
#include <pthread.h>

void *worker(void *arg) {
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
}
