// A test-and-set lock built on atomic_exchange protects a plain counter.
// The failed exchange writes the value it found, so the acquire loop is an
// await: it blocks before the loop bound cuts it (same 8 executions as
// exchange_spin.c, none bounded).
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
// CHECK: No errors found (nondet range 0:1, loop bound 2).
// CHECK-NOT: Note:
// CHECK: Executions: 8 (blocked 0, bounded 0)
