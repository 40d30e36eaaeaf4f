// Two unsynchronised increments: bmc finds the lost update in one query and
// the interpreter replays it (both reads see 0); with the mutex, no
// execution fails and the bound is complete (no loop), so the answer is a
// proof: "safe", exit code 0, as exhaustive says.
// RUN: %expect-exit 1 %vcdpor --engine=bmc %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=bmc -DLOCKED %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive -DLOCKED %s | %FileCheck %s --check-prefix=EX
#include <assert.h>
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *inc(void *a) {
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  int v = x;
  x = v + 1;
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
// CHECK: Error: assertion: assertion failed: x == 2
// CHECK-DAG: T1: read x = 0
// CHECK-DAG: T2: read x = 0
// CHECK: T0: read x = 1
// CHECK: Executions: 1
// SAFE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// SAFE: SMT: bound 1 (complete) threads 3
// EX: No errors found
