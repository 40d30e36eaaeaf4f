// A test-and-set spin loop whose failing atomic_exchange writes 1 over 1
// changes nothing: it is detected as an await and does not diverge.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --max-executions 50 %s | %FileCheck %s
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
// With await semantics a failed xchg blocks until lock is written: each
// thread xchg(ok) r w store, the loser's failed xchg re-runs after the store.
// The loop's locals live in registers (vcdpor promotes them even at -O0), so
// the loser blocks after its first failed try. Brute force (model in
// tests/lit/Inputs/exchange_spin_model.py): 8 executions. (Before locals
// were promoted, the first failed try changed a temporary in memory at -O0
// and the loser blocked after its second: 20.)
// CHECK: No errors found
// CHECK: Executions: 8 (blocked 0, bounded 0)
