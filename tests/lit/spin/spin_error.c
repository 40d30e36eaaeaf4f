// Spin-wait hand-off that forgets to publish data before the flag.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=1 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;
int data;

void *producer(void *arg) {
  atomic_store(&flag, 1);
  data = 42;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  while (!atomic_load(&flag))
    ;
  assert(data == 42);
  pthread_join(t, 0);
  return 0;
}
// T0: create r(flag)* r(data) join; T1: w(flag) w(data). T0 reads 0 first
// (then awaits w(flag)) or not: 2 cases; in each, after w(flag), T0's read of
// 1 and r(data) vs T1's w(data): 3 orders, 1 error, in which w(data) runs
// before the failure (an event under --all-errors) or not. 8 executions,
// 4 errors.
// CHECK: Error: assertion: assertion failed: data == 42
// CHECK: T1: write  flag := 1
// CHECK: T0: read   data = 0
// CHECK: Executions: 8 (blocked 0, bounded 0)
