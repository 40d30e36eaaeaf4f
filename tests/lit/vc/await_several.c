// Spin loops that wait on several locations: Peterson's entry loop waits
// for flag[other] == 0 or turn == me, so a write of either wakes it. vc
// refused such loops ("a spin loop waiting on several locations"); it now
// branches on the write that wakes the loop: a newer write of the location
// the re-run reads first (it observes it), or a write of another awaited
// location after the loop's last read of it (the re-run then observes
// what it observed before). The latter may denote one class twice (two
// wakers), so such nodes look their classes up: the counts equal the
// value-happens-before oracle's. -DBUG drops the write of turn, and mutual
// exclusion fails; -DTHREE: a thread waits for either of two flags that
// two other threads set.
// RUN: %expect-exit 0 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --root=2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %expect-exit 0 %vcdpor --engine=vc -DTHREE %s | %FileCheck %s --check-prefix=THREE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-vhb-classes -DTHREE %s | %FileCheck %s --check-prefix=THREE-ORACLE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --vc-threads 2 --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=-DBUG --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=-DTHREE --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// CHECK: No errors found
// CHECK: Executions: 11 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 11
// BUG: Error: assertion: assertion failed: in_cs == 1
// THREE: Executions: 4 (blocked 0, bounded 0)
// THREE-ORACLE: Value-happens-before classes: 4
// AGREE: checked 1 programs (vc on 1, refused 0), 0 skipped, 0 failing
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef THREE
atomic_int flag[2], turn;
int in_cs;

void *proc(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  atomic_store(&flag[me], 1);
#ifndef BUG
  atomic_store(&turn, other);
#endif
  while (atomic_load(&flag[other]) == 1 && atomic_load(&turn) == other)
    ;
  in_cs++;
  assert(in_cs == 1);
  in_cs--;
  atomic_store(&flag[me], 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, proc, (void *)0);
  pthread_create(&b, 0, proc, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
#else
atomic_int x, y;

void *waiter(void *arg) {
  while (atomic_load(&x) == 0 && atomic_load(&y) == 0)
    ;
  return 0;
}

void *setx(void *arg) {
  atomic_store(&x, 1);
  return 0;
}

int main(void) {
  pthread_t w, s;
  pthread_create(&w, 0, waiter, 0);
  pthread_create(&s, 0, setx, 0);
  atomic_store(&y, 1);
  pthread_join(w, 0);
  pthread_join(s, 0);
  return 0;
}
#endif
