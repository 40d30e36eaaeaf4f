// sscanf's stores into shared memory are write events, one per
// conversion, in the order of the format.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefixes=CHECK,OPT
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int x, y;

void *reader(void *a) {
  int b = y, a0 = x;
  assert(!(b == 6 && a0 != 5)); // x is stored before y
  assert(a0 == 5);
  return 0;
}

int main(void) {
  pthread_t u;
  pthread_create(&u, 0, reader, 0);
  int n = sscanf("5 6", "%d %d", &x, &y);
  pthread_join(u, 0);
  return n - 2;
}
// CHECK: Error: assertion: assertion failed: a0 == 5
// CHECK: T1: read   x = 0
// main writes x then y; T1 reads y then x: (y, x) read as (0,0), (0,5),
// (6,5) -- never (6,0).
// OPT: Executions: 3 (blocked 0, bounded 0)
