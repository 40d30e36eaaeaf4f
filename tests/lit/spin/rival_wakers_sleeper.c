// A spin loop on atoi(buf) wakes on a write to any byte of buf. Here t3
// writes buf[1] first and wakes main; t1 then overwrites buf[1] before the
// re-read, and t2 writes buf[0] after it. Reversing the re-read with t1's
// write plants t1's write before the re-read where t2 sleeps; t2's write is
// independent of t1's, so Optimal-DPOR took the sleeper for one that
// covered the sequence, but t2's write would wake main itself (a rival
// waker) and conflicts with the re-read: the class was lost (19 of 20
// happens-before classes; found by the --holes long run, seed 2010137).
// Sequences that reverse a spin loop's re-read are no longer left to
// sleepers, unless they start with one. -DSAME (seed 4000643): t2 rewrites
// buf[0] with the value it holds, t3 writes '1' there, t1 writes buf[1];
// such a sequence began with sleeping t1 and took a later one along when
// its branch was skipped as asleep (32 of 33 classes).
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-hb-classes %s | %FileCheck %s --check-prefix=EXH
// RUN: %expect-exit 0 %vcdpor --engine=optimal --count-hb-classes %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=source --count-hb-classes %s | %FileCheck %s
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-hb-classes -DSAME %s | %FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 0 %vcdpor --engine=optimal --count-hb-classes -DSAME %s | %FileCheck %s --check-prefix=SAME
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=-DSAME --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// EXH: Happens-before classes: 20
// CHECK: Executions: 20 (blocked 0, bounded 0)
// CHECK: Happens-before classes: 20
// SAME: Happens-before classes: 33
// AGREE: checked 1 programs (vc on {{[01]}}, refused {{[01]}}), 0 skipped, 0 failing
#include <pthread.h>
#include <stdlib.h>

char buf[4] = "0";

#ifndef SAME
void *t3(void *arg) {
  buf[1] = '2';
  return 0;
}
void *t2(void *arg) {
  buf[0] = '2';
  return 0;
}
void *t1(void *arg) {
  buf[1] = '1';
  return 0;
}
#else
void *t3(void *arg) {
  buf[0] = '1';
  return 0;
}
void *t2(void *arg) {
  buf[0] = '0';
  return 0;
}
void *t1(void *arg) {
  buf[1] = '0';
  return 0;
}
#endif

int main(void) {
  pthread_t h1, h2, h3;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_create(&h3, 0, t3, 0);
  while (atoi(buf) == 0)
    ;
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  pthread_join(h3, 0);
  return 0;
}
