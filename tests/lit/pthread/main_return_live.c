// main returning while two children are live is an exit event.
// RUN: %expect-exit 0 %vcdpor --opt=0 %s | %FileCheck %s
#include <pthread.h>

int x, y;

void *a(void *arg) { x = 1; return 0; }
void *b(void *arg) { y = 1; return 0; }

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  return 0;
}
// T0: c1 c2 exit; T1: w(x) after c1; T2: w(y) after c2. Interleavings of
// the prefix until exit (a killed thread's events vanish): w(x) before c2 or
// not, then orderings of {w(x)?, w(y)} before exit: wx<c2: {exit | wy exit}
// = 2; else subsets/orders of {wx,wy} before exit: 1 + 1 + 1 + 2 = 5. Total 7.
// CHECK: No errors found
// CHECK: Executions: 7 (blocked 0, bounded 0)
