// The local-behaviour oracle names each thread by its creation path, not by
// the id an engine gave it. Threads get ids in the order an engine first
// meets their creation: exhaustive runs main's second create before t1's,
// vc (root thread 1) runs t1's first, so the two number t2 and c0 the other
// way round, and t1's stored handle (gt) differs. The digests differed
// (found by the --holes long run, seed 2007141) on equal behaviours.
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=--opt=0 --checked 1 %s | %FileCheck %s
// RUN: %vcdpor --engine=exhaustive --local-behaviours %s > %t.ex
// RUN: %vcdpor --engine=vc --local-behaviours %s > %t.vc
// RUN: cat %t.ex %t.vc | %FileCheck %s --check-prefix=LB
// CHECK: checked 1 programs (vc on 1, refused 0), 0 skipped, 0 failing
// LB: Local behaviours: 2 (digest [[D:[0-9a-f]+]])
// LB: Local behaviours: 2 (digest [[D]])
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
pthread_t gt;

void *c0(void *arg) { return 0; }
void *t2(void *arg) { return 0; }
void *t1(void *arg) {
  pthread_create(&gt, 0, t2, 0);
  pthread_join(gt, 0);
  return 0;
}

int main(void) {
  pthread_t h1, ch;
  pthread_create(&h1, 0, t1, 0);
  (void)atomic_load(&x);
  pthread_create(&ch, 0, c0, 0);
  pthread_join(ch, 0);
  pthread_join(h1, 0);
  return 0;
}
