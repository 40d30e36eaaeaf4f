// Two locked increments never lose an update.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *inc(void *arg) {
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(counter == 2);
  return 0;
}
// T0: c2 j1 j2 r; T1,T2: lock r w unlock (T2 after c2, critical sections
// mutually exclusive). k = T1 events before c2: k=4: j1 among T2's 4 = 5;
// k=1..3: T1 finishes, then j1 among T2's 4 = 3*5; k=0: T1 first 5, T2 first 1.
// 26 (same by brute force).
// CHECK: No errors found
// CHECK: Executions: 26 (blocked 0, bounded 0)
