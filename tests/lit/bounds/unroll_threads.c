// A bounded retry loop in a child: only executions needing more iterations
// than the bound are cut.
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --unroll 1 %s | %FileCheck %s
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --unroll 2 %s | %FileCheck %s --check-prefix=U2
#include <pthread.h>

volatile int flag;
volatile int tries;

void *child(void *arg) {
  while (!flag)
    tries = tries + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  flag = 1;
  pthread_join(t, 0);
  return 0;
}
// T0: create w(flag) join; T1: r(flag) [r(tries) w(tries) r(flag) ...].
// The loop writes, so it is no await. The header (r(flag)) may run N times.
// --unroll 1: first r(flag)=1 (after T0's write): 1 complete; r(flag)=0: the
// body r(tries) w(tries) runs and the second header entry is cut, with
// w(flag) before r(tries), between, or not yet: 3 bounded.
// --unroll 2: + w(flag) in those 3 places is read by the 2nd r(flag): 3 more
// complete; a 2nd r(flag)=0 leads to a cut after body 2 (3 places): 3 bounded.
// CHECK: loop bound 1
// CHECK: Executions: 1 (blocked 0, bounded 3)
// U2: loop bound 2
// U2: Executions: 4 (blocked 0, bounded 3)
