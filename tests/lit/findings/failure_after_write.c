// Under --all-errors a failure is an event of its own: another thread may
// run between a thread's last event and its failure. Here main's assertion
// fails only if it reads x after child wrote it and before child's own
// assertion ends the process; when a failure ran at once with the event
// before it, no engine met main's.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --threads 2 --hand-off-all %s | %FileCheck %s
// --stop-on-first keeps a failure with the event before it (some execution
// fails either way): main reads 0 first, then child writes and fails.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s --check-prefix=FIRST
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *child(void *arg) {
  atomic_store(&x, 1);
  assert(0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int r = atomic_load(&x);
  assert(r != 1);
  pthread_join(t, 0);
  return 0;
}
// T0: create r(x) [fail if 1] join; T1: w(x) fail. r first: r=0, main
// waits to join, 1 execution (T1 fails). w first: r=1, then either failure,
// or T1 fails before r: 3. Every engine explores the 4 (no two are
// equivalent: each failure conflicts with every event, as an exit does).
// CHECK-DAG: T1: error: assertion failed: 0
// CHECK-DAG: T0: error: assertion failed: r != 1
// CHECK: Executions: 4 (blocked 0, bounded 0)
// FIRST: T0: read   x = 0
// FIRST-NEXT: T1: write  x := 1
// FIRST-NEXT: T1: error: assertion failed: 0
// FIRST: Executions: 1 (blocked 0, bounded 0)
