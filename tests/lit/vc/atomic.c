// VC-DPOR explores atomic sections: both increments run in sections, so no
// update is lost; with -DSPLIT the read and the write are separate sections
// and the lost update is found. Counts: the exhaustive explorer's
// value-happens-before classes (--count-vhb-classes), also checked by
// dpor/engine_agreement.test.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DSPLIT %s | %FileCheck %s --check-prefix=SPLIT
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 2
// SPLIT: Error: assertion: assertion failed: x == 2
#include <assert.h>
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int x;
void *inc(void *a) {
  __VERIFIER_atomic_begin();
  int v = x;
#ifdef SPLIT
  __VERIFIER_atomic_end();
  __VERIFIER_atomic_begin();
#endif
  x = v + 1;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  inc(0);
  pthread_join(t, 0);
  assert(x == 2);
  return 0;
}
