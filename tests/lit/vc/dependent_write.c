// Which element `indexed` stores to depends on the value it reads: until
// that read runs, the store's address register holds nothing yet, so the
// interpreter must not take it for the address (Executor::mayWrite scans
// the rest of a block only through registers that are already computed).
// Otherwise the reader's read of a[2] looks as if no thread could still
// write it, is excluded for good, and the execution in which it reads 1 is
// lost (with -DBUG, the assertion that it never does). Counts: the
// exhaustive explorer's value-happens-before classes, for every root.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=1 --root=2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=1 --root=3 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=1 -DBUG --root=3 %s | %FileCheck %s --check-prefix=BUG
// ORACLE: Value-happens-before classes: 3
// CHECK: Executions: 3 (blocked 0, bounded 0)
// BUG: Error: assertion: assertion failed: x == 0
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int a[3];
void *reader(void *arg) {
  (void)arg;
  int x = atomic_load(&a[2]);
#ifdef BUG
  assert(x == 0);
#endif
  return 0;
}
void *indexed(void *arg) {
  (void)arg;
  int v = atomic_load(&a[0]);
  atomic_store(&a[v + 1], 1);
  return 0;
}
void *setter(void *arg) {
  (void)arg;
  atomic_store(&a[0], 1);
  return 0;
}
int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], 0, reader, 0);
  pthread_create(&t[1], 0, indexed, 0);
  pthread_create(&t[2], 0, setter, 0);
  return 0;
}
