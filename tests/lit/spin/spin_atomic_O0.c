// Suspected bug: at -O0, atomic_load in a spin loop goes through a local
// temporary (store + load of an alloca each iteration); the spin is then not
// recognised as an await and the first execution grows without bound (it
// is OOM-killed without --max-memory). The same program at -O1 passes
// (spin_error.c).
// Spin-wait hand-off that forgets to publish data before the flag.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --timeout 0.5 --max-memory 300 %s | %FileCheck %s
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
