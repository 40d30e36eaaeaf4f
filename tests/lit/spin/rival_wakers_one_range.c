// A spin loop on atoi(buf) awaits the whole string it reads; two threads
// write different characters of it. Either write may come first and wake
// the loop, though the two do not conflict: Source- and Optimal-DPOR race
// them as rival wakers (as for a loop over several locations). Before,
// only the first write of a range was taken as a waker, and both explored
// 5 of the 7 happens-before classes (found by tests/difftest --holes, seed
// 1000665).
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=EXH
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=DPOR
// RUN: %expect-exit 0 %vcdpor --engine=source --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=DPOR
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s --check-prefix=AGREE
#include <pthread.h>
#include <stdlib.h>

char buf[4] = "0";

void *t1(void *arg) {
  buf[0] = '2';
  return 0;
}

void *t2(void *arg) {
  buf[1] = '0';
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  while (atoi(buf) == 0)
    ;
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
// EXH: Happens-before classes: 7
// DPOR: Executions: 7 (blocked 0, bounded 0)
// DPOR: Note: a spin loop waited on several locations
// DPOR: Happens-before classes: 7
// AGREE: checked 1 programs (vc on 0, refused 1), 0 skipped, 0 failing
