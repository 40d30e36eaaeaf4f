// __VERIFIER_assume(0) blocks its thread for good; other threads go on, and
// the execution counts as blocked.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>
extern void __VERIFIER_assume(int);

int x;

void *child(void *arg) {
  __VERIFIER_assume(x == 1);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  x = 1;
  pthread_join(t, 0);
  return 0;
}
// T0: create w(x) join; T1: r(x). r before w: T1 blocked, main stuck in join:
// blocked. r after w: complete. 1 execution, 1 blocked.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 1, bounded 0)
