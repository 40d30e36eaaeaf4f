// exit() ends the process, so a spinner that is still waiting is killed and
// the execution completes.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

volatile int flag;

void *spinner(void *arg) {
  while (!flag)
    ;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, spinner, 0);
  exit(0);
}
// T0: create exit; T1: r(flag) = 0 then await. exit before or after T1's
// read: 2 executions.
// CHECK: No errors found
// CHECK: Executions: 2 (blocked 0, bounded 0)
