// Threads a, b and c each end with a write of x; main joins them all, then
// reads x. Only the last of the three writes can be observed, so vc
// branches on which one is last (3 classes) instead of on the 3! orders
// VHB distinguishes; --vhb-exact explores those 6 (dpor/VcFinalWrites.cpp).
// The failure needs b's write last, which one of the three children has.
// The variants break one condition each: the orders must then all be
// explored, or a reachable failure is missed (final_writes_agree.test runs
// them against exhaustive; each failed there with its condition removed).
// -DREAD_BETWEEN: main reads y after joining b and before joining a, so
//   that read comes after b's write and not after a's: an order of the two
//   writes decides whether it may see a's earlier write of y.
// -DREAD_EARLY: main reads x twice before joining: the reads see the
//   writes' order, not only the last of them.
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --json - %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 --all-errors --vhb-exact --json - %s | %FileCheck %s --check-prefix=EXACT
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s --check-prefix=TEXT
// Under --all-errors the orders with b's write last fail (1 of the 3
// children, 2 of the 6 orders); the other classes run to the end, and those
// the exhaustive oracle counts (4).
// CHECK: "kind": "assertion"
// CHECK: "error_executions": 1,
// CHECK: "executions": 3,
// CHECK: "merged_write_orders": 1,
// EXACT: "kind": "assertion"
// EXACT: "error_executions": 2,
// EXACT: "executions": 6,
// EXACT: "merged_write_orders": 0,
// ORACLE: Value-happens-before classes: 4
// TEXT: Error: assertion: assertion failed: x != 2
// TEXT: Final writes: at 1 nodes only the last of a location's final leaf writes was chosen
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

// The root (the first thread main creates): no access to x or y.
void *idle(void *arg) { return arg; }

void *ta(void *arg) {
  y = 1;
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
  pthread_t d, a, b, c;
  pthread_create(&d, 0, idle, 0);
  pthread_create(&a, 0, ta, 0);
  pthread_create(&b, 0, tb, 0);
  pthread_create(&c, 0, tc, 0);
#if defined(READ_BETWEEN)
  pthread_join(b, 0);
  int r = y;
  pthread_join(a, 0);
  pthread_join(c, 0);
  assert(r == 1 || x != 3);
#elif defined(READ_EARLY)
  int r1 = x;
  int r2 = x;
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  assert(!(r1 == 2 && r2 == 1 && x == 3));
#else
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  assert(x != 2);
#endif
  pthread_join(d, 0);
  return 0;
}
