// A spinning child whose flag is never written: every execution ends with
// the child await-blocked (and main waiting in join): blocked, not deadlock.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>

volatile int flag;

void *spinner(void *arg) {
  while (!flag)
    ;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, spinner, 0);
  pthread_join(t, 0);
  return 0;
}
// T0: create join (never enabled); T1: r(flag) = 0, then await: 1 execution,
// blocked.
// CHECK: No errors found
// CHECK: Executions: 0 (blocked 1, bounded 0)
