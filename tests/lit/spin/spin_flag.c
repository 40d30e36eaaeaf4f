// A spin loop on a flag does not diverge: the reader blocks until the flag
// is written.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

volatile int flag, data;

void *producer(void *arg) {
  data = 1;
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  while (!flag)
    ;
  assert(data == 1);
  pthread_join(t, 0);
  return 0;
}
// T0: create r(flag)... r(data) join; T1: w(data) w(flag). T0 reads flag = 0
// at most once (then awaits the write): r0 before w(data), r0 between, or no
// r0: 3 executions.
// CHECK: No errors found
// CHECK: Executions: 3 (blocked 0, bounded 0)
