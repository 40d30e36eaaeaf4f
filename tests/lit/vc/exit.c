// exit() ends the process: the other threads never run again. main starts
// a writer and a reader and exits as soon as it has seen x set, or at once;
// every execution ends at the exit, with the other threads cut wherever
// they are. -DCHECK makes the reader assert that it saw y clear: that fails
// only when the writer and the reader both ran far enough before the exit.
// Counts: the exhaustive explorer's --count-vhb-classes. A program that
// may exit still runs a node's first child on from the live execution (9
// continued runs; before, all 78 nodes were replayed), and an exit's part
// met again from a descendant is not run again (37 redundant). A read no
// write can reach prunes once no other thread can still exit, main being
// past its exit (34 replayed or rebased nodes and 53 closure calls; 37 and
// 63 before, when any exit() in the program kept such reads from pruning).
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DCHECK %s | %FileCheck %s --check-prefix=BUG
// CHECK: No errors found
// CHECK: Executions: 23 (blocked 0, bounded 0)
// CHECK: closure calls 53 (0 failed)   replays 29 (7 continued, 5 rebased)   redundant 37
// ORACLE: Value-happens-before classes: 23
// BUG: Error: assertion: assertion failed: r1 == 0
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
atomic_int x, y;
void *writer(void *a) {
  atomic_store(&x, 1);
  atomic_store(&y, 1);
  return 0;
}
void *reader(void *a) {
  int r1 = atomic_load(&y);
  int r2 = atomic_load(&x);
#ifdef CHECK
  assert(r1 == 0);
#endif
  (void)r2;
  return 0;
}
int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  if (atomic_load(&x) == 1)
    exit(0);
  exit(0);
}
