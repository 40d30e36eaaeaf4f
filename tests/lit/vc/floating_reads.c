// Threads a, b and c each end with a write of x; main reads x while they
// run, then only joins them: a floating read, whose thread does nothing
// after it that another thread sees but its joins. vc branches on which of
// the three writes is last and puts the others in one order before it
// (3 children), and the read then sees any of them, or none, by where it
// comes in that order: 12 executions, against the 24 VHB classes
// --vhb-exact explores (dpor/VcFinalWrites.cpp, condition (C1')). Under
// --all-errors the 3 (and 6) executions where main reads b's write fail.
// -DLOUD: main also reads z, which a writes before x, right after its
// floating read, and x again after the joins; the read is then no
// floating read, and all orders are explored. l == 2, mz == 0, f == 3
// needs b's write before the read and a's after it, with c's last: no
// order with a before b has it. Without the check that nothing but joins
// follows the read, vc reported no errors there (17 executions).
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --json - %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --vhb-exact --json - %s | %FileCheck %s --check-prefix=EXACT
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DLOUD --all-errors --json - %s | %FileCheck %s --check-prefix=LOUD
// CHECK: "kind": "assertion"
// CHECK: "error_executions": 3,
// CHECK: "executions": 12,
// CHECK: "merged_write_orders": 1,
// EXACT: "kind": "assertion"
// EXACT: "error_executions": 6,
// EXACT: "executions": 24,
// EXACT: "merged_write_orders": 0,
// LOUD: "message": "assertion failed: !(l == 2 && mz == 0 && f == 3)"
// LOUD: "executions": 36,
// LOUD: "merged_write_orders": 0,
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, z;

// The root (the first thread main creates): no access to x or z.
void *idle(void *arg) { return arg; }

void *ta(void *arg) {
#ifdef LOUD
  z = 1;
#endif
  x = 1;
  return arg;
}

void *tb(void *arg) {
  x = 2;
  return arg;
}

void *tc(void *arg) {
  x = 3;
  return arg;
}

int main(void) {
  pthread_t r, a, b, c;
  pthread_create(&r, 0, idle, 0);
  pthread_create(&a, 0, ta, 0);
  pthread_create(&b, 0, tb, 0);
  pthread_create(&c, 0, tc, 0);
  int l = x;
#ifdef LOUD
  int mz = z;
#endif
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  pthread_join(r, 0);
#ifdef LOUD
  int f = x;
  assert(!(l == 2 && mz == 0 && f == 3));
#else
  assert(l != 2);
#endif
  return 0;
}
