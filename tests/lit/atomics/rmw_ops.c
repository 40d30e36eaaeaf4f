// All atomicrmw operations through the C11 fetch_* functions and
// __atomic builtins (nand, max, min), checked value by value.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <stdatomic.h>

atomic_int a = 12;
int b = 5;
unsigned u = 5;

int main(void) {
  assert(atomic_fetch_sub(&a, 2) == 12);     // 10
  assert(atomic_fetch_or(&a, 5) == 10);      // 15
  assert(atomic_fetch_and(&a, 6) == 15);     // 6
  assert(atomic_fetch_xor(&a, 3) == 6);      // 5
  assert(atomic_exchange(&a, 9) == 5);       // 9
  assert(atomic_load(&a) == 9);
  assert(__atomic_fetch_nand(&b, 3, __ATOMIC_SEQ_CST) == 5); // ~(5&3) = -2
  assert(__atomic_fetch_max(&b, 7, __ATOMIC_SEQ_CST) == -2); // 7
  assert(__atomic_fetch_min(&b, -4, __ATOMIC_SEQ_CST) == 7); // -4
  assert(b == -4);
  assert(__atomic_fetch_max(&u, 0xffffffffu, __ATOMIC_SEQ_CST) == 5); // umax
  assert(__atomic_fetch_min(&u, 3u, __ATOMIC_SEQ_CST) == 0xffffffffu); // umin
  assert(u == 3);
  return 0;
}
// One thread: events but no interleaving: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
