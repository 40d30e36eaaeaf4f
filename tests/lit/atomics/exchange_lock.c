// A test-and-set lock built on atomic_exchange protects a plain counter.
// The acquire loop writes on every iteration, so it is bounded with --unroll.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --unroll 2 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock;
int counter;

void *inc(void *arg) {
  while (atomic_exchange(&lock, 1))
    ;
  counter = counter + 1;
  atomic_store(&lock, 0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  inc(0);
  pthread_join(t, 0);
  assert(counter == 2);
  return 0;
}
// T0 (after create) and T1 each: xchg... r(counter) w(counter) store(lock).
// A thread whose xchg fails a second time is cut. Brute force: 8 complete
// executions, 12 cut.
// CHECK: No errors found (nondet range 0:1, loop bound 2).
// CHECK: Note: 12 executions were cut by the loop bound
// CHECK: Executions: 8 (blocked 0, bounded 12)
