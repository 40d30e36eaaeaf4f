// A spin lock whose retry loop resets the expected value before each
// compare-exchange (do { e = 0; } while (!cas(&lk, &e, 1))). A failed
// cmpxchg that finds the lock taken makes the loop an await on lk; woken,
// the thread runs the cmpxchg again, which may succeed (an RMW), not a
// plain re-read. vc took the re-run for a read and stopped with "replay
// diverged ... expected read value 0, got rmw value 0", for every root and
// opt level. Its classes now match the value-happens-before oracle for
// every root; -DBUG leaves thread 0 unlocked and the lost update is found.
// RUN: %expect-exit 0 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --root=2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --root=0 %s | %FileCheck %s --check-prefix=ROOT0
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-vhb-classes --root=0 %s | %FileCheck %s --check-prefix=ORACLE0
// RUN: %expect-exit 1 %vcdpor --engine=vc -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=-DBUG --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// CHECK: No errors found
// CHECK: Executions: 56 (blocked 0, bounded 0)
// ORACLE: Value-happens-before classes: 56
// ROOT0: Executions: 60 (blocked 0, bounded 0)
// ORACLE0: Value-happens-before classes: 60
// BUG: Error: assertion: assertion failed: cnt == 3
// AGREE: checked 1 programs (vc on 1, refused 0), 0 skipped, 0 failing
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lk;
int cnt;

static void lock(void) {
  int e;
  do {
    e = 0;
  } while (!atomic_compare_exchange_strong(&lk, &e, 1));
}

static void unlock(void) { atomic_store(&lk, 0); }

void *th(void *a) {
#ifdef BUG
  if (a)
#endif
    lock();
  cnt++;
#ifdef BUG
  if (a)
#endif
    unlock();
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], 0, th, (void *)i);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(cnt == 3);
  return 0;
}
