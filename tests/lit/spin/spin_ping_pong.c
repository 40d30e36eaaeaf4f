// Two threads spin on each other's flags in turn (ping-pong): each await
// wakes on the other thread's write.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

volatile int ping, pong;

void *ponger(void *arg) {
  while (!ping)
    ;
  pong = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, ponger, 0);
  ping = 1;
  while (!pong)
    ;
  pthread_join(t, 0);
  return 0;
}
// T0: create w(ping) r(pong)* join; T1: r(ping)* w(pong). Brute force with
// await reads: 6 executions.
// CHECK: No errors found
// CHECK: Executions: 6 (blocked 0, bounded 0)
