// Integer division and remainder by a divisor another thread zeroes.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DREM %s | %FileCheck %s --check-prefix=REM
#include <pthread.h>

int d = 2;
int q;

void *child(void *arg) {
  d = 0;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
#ifdef REM
  q = 10 % d;
#else
  q = 10 / d;
#endif
  pthread_join(t, 0);
  return 0;
}
// T0: create r(d) w(q) join; T1: w(d)=0. T1 first: division by zero (right
// after T0 reads 0). After T0's read: T1 before/after w(q): 2. 3 executions;
// DFS meets the error last (T0 first), so stop-on-first also sees 3.
// CHECK: Error: arithmetic: division by zero
// CHECK: T1: write  d := 0
// CHECK-NEXT: T0: read   d = 0
// CHECK-NEXT: T0: error: division by zero
// CHECK: Executions: 3 (blocked 0, bounded 0)
// REM: Error: arithmetic: division by zero
// REM: Executions: 3 (blocked 0, bounded 0)
