// A thread stopped at a read inside a called function (main at its read of
// x, which parker's writes make a choice) may still write what its callers
// write after the call returns. Executor::mayWrite scans each
// caller's block from its Pc on, and took that Pc for the call itself when
// callFunction() has already stepped over it: the caller's first instruction
// after the call was skipped. Here that is main's store to fin, so parker's
// read of fin looked as if no thread could still write 1 there, was
// excluded for good, and the failing execution (main runs first, then
// parker reads fin == 1 and cond == 1) was lost: vc reported no errors
// (found by the nidhugg pool's parker_c11.c, whose fences are no
// instructions, so its lock() ends in a call followed by a store).
// -DVIA_RESULT: the store's address is the call's result, which the scan
// must not take from the register before the call delivers it.
// Under --all-errors vc runs the 3 classes and, for the failing one, the
// part its deferred failure ends (JSON: error_executions 1).
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --root=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --print-trace %s | %FileCheck %s --check-prefix=FIRST
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --count-vhb-classes -DVIA_RESULT %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors -DVIA_RESULT %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --root=0 -DVIA_RESULT %s | %FileCheck %s
// ORACLE: Value-happens-before classes: 3
// CHECK: Error: assertion: assertion failed: !fin || cond == 0
// CHECK: Executions: 4 (blocked 0, bounded 0)
// FIRST: Error: assertion: assertion failed: !fin || cond == 0
// FIRST: T0: write  fin := 1
// FIRST-NEXT: T1: read   fin = 1
// FIRST-NEXT: T1: read   cond = 1
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int fin, x, cond;

void *parker(void *arg) {
  (void)arg;
  cond = 1;
  x = 0;
  assert(!fin || cond == 0);
  x = 1;
  return NULL;
}

#ifndef VIA_RESULT
void unpark(void) {
  int r = x;
  (void)r;
  cond = 0;
}
#else
atomic_int *unpark(void) {
  int r = x;
  (void)r;
  cond = 0;
  return &fin;
}
#endif

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, parker, NULL);
#ifndef VIA_RESULT
  unpark();
  fin = 1;
#else
  atomic_int *p = unpark();
  cond = 0;
  *p = 1;
#endif
  return 0;
}
