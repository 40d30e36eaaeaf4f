// An atomic section in a leaf against plain accesses of two other threads:
// a reader must never see the section's intermediate value 1 (x goes 0, 1, 2
// inside one section), and a racing plain write may land before or after
// the section but never inside it. -DSPLIT cuts the section in two and the
// reader can see 1. Counts: --count-vhb-classes of the exhaustive explorer.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DSPLIT %s | %FileCheck %s --check-prefix=SPLIT
// CHECK: No errors found
// CHECK: Executions: 7 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 7
// SPLIT: Error: assertion: assertion failed: r != 1
#include <assert.h>
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int x, y;
void *writer(void *a) {
  __VERIFIER_atomic_begin();
  x = 1;
  y = y + 1;
#ifdef SPLIT
  __VERIFIER_atomic_end();
  __VERIFIER_atomic_begin();
#endif
  x = 2;
  __VERIFIER_atomic_end();
  return 0;
}
void *reader(void *a) {
  int r = x;
  assert(r != 1);
  return 0;
}
void *racer(void *a) {
  y = 5;
  x = 7;
  return 0;
}
int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_create(&c, 0, racer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  assert(y == 5 || y == 6 || y == 1);
  return 0;
}
