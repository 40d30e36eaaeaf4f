// A test-and-test-and-set lock: spin on a plain read, then an exchange.
// When the other thread's exchange lands between the loop's read and its
// own exchange (which then finds the lock taken and changes nothing), the
// thread goes round at once; that write woke nothing (the exchange read it
// already), so the next read races with the holder's unlock like any other
// read. Before, the unlock was taken for the waker and never reversed with
// that read: source and optimal explored 10 of the 12 happens-before
// classes (9 of 10 at -O0), and vc refused the loop.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --count-hb-classes %s | %FileCheck %s --check-prefix=EXH1
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=EXH0
// RUN: %expect-exit 0 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefix=DPOR1
// RUN: %expect-exit 0 %vcdpor --engine=source %s | %FileCheck %s --check-prefix=DPOR1
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s --check-prefix=DPOR0
// RUN: %expect-exit 0 %vcdpor --engine=source --opt=0 %s | %FileCheck %s --check-prefix=DPOR0
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=--opt=0 --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %expect-exit 1 %vcdpor --engine=vc -DBUG %s | %FileCheck %s --check-prefix=BUG
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lk;
int cnt;

static void lock(void) {
  for (;;) {
    while (atomic_load_explicit(&lk, memory_order_relaxed))
      ;
    if (!atomic_exchange(&lk, 1))
      return;
  }
}

static void unlock(void) { atomic_store(&lk, 0); }

void *th(void *a) {
#ifndef BUG
  lock();
#endif
  cnt++;
  unlock();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, th, 0);
  pthread_create(&b, 0, th, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(cnt == 2);
  return 0;
}
// EXH1: Happens-before classes: 12
// EXH0: Happens-before classes: 10
// DPOR1: Executions: 12 (blocked 0, bounded 0)
// DPOR1: Sleep-set blocked: 0
// DPOR0: Executions: 10 (blocked 0, bounded 0)
// DPOR0: Sleep-set blocked: 0
// AGREE: checked 1 programs (vc on 1, refused 0), 0 skipped, 0 failing
// BUG: Error: assertion: assertion failed: cnt == 2
