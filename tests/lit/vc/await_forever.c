// Spin loops that read nothing (they spin on a value read before the loop,
// as in SV-COMP's dekker, lamport and szymanski) block their thread for
// good, like a failed assume: vc takes the thread as done instead of
// refusing the program. The waiter reads the flag once, spins for ever if it
// was 0, else checks the data. -DSECTION reads the flag inside an atomic
// section that ends just before the loop; -DLATE publishes the flag before
// the data, so the waiter can see stale data. Counts: the exhaustive
// explorer's --count-vhb-classes.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 -DSECTION %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 -DSECTION --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DLATE %s | %FileCheck %s --check-prefix=LATE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DLATE -DSECTION %s | %FileCheck %s --check-prefix=LATE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor \
// RUN:   %s %s@-DSECTION %s@-DLATE %s@-DLATE,-DSECTION %s@--root=2 | %FileCheck %s --check-prefix=AGREE
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 2, bounded 0)
// ORACLE: Value-happens-before classes: 2
// LATE: Error: assertion: assertion failed: data == 1
// LATE: T1: read flag = 1
// LATE: T1: read data = 0
// AGREE: checked 5 programs (vc on 5, refused 0), 0 skipped, 0 failing
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int flag, data, other;
void *publisher(void *a) {
#ifdef LATE
  flag = 1;
  data = 1;
#else
  data = 1;
  flag = 1;
#endif
  return 0;
}
void *waiter(void *a) {
#ifdef SECTION
  __VERIFIER_atomic_begin();
  int f = flag;
  __VERIFIER_atomic_end();
#else
  int f = flag;
#endif
  while (f == 0)
    ;
  assert(data == 1);
  return 0;
}
void *bystander(void *a) {
  other = 1;
  other = flag;
  return 0;
}
int main(void) {
  pthread_t p, w, b;
  pthread_create(&w, 0, waiter, 0);
  pthread_create(&p, 0, publisher, 0);
  pthread_create(&b, 0, bystander, 0);
  pthread_join(p, 0);
  pthread_join(b, 0);
  return 0;
}
