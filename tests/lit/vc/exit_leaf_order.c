// A reader-writer lock whose guards abort(): under VC-DPOR with thread 2 as
// the root, an abort ends the process after a part of X whose order is
// rebuilt from the node's defining edges. Two conflicting leaf writes that
// the closure had ordered by inference (so the search added no edge for
// them) came out unordered, and the closure aborted on the leaf writes that
// were no longer a chain (found at -O1 on SV-COMP read_write_lock-1, whose
// atomic sections clang inlined). Conflicting leaf events of the part now
// keep X's order. Count: the exhaustive explorer's VHB classes.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 --root=2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --root=2 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// CHECK: Executions: 454 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 454
#include <pthread.h>
#include <stdlib.h>
int w = 0, r = 0;
void *writer(void *arg) {
  if (w != 0 || r != 0)
    abort();
  w = 1;
  w = 0;
  return 0;
}
void *reader(void *arg) {
  r = 1;
  r = 0;
  return 0;
}
int main() {
  pthread_t t1, t2, t3, t4;
  pthread_create(&t1, 0, writer, 0);
  pthread_create(&t2, 0, reader, 0);
  pthread_create(&t3, 0, writer, 0);
  pthread_create(&t4, 0, reader, 0);
  return 0;
}
