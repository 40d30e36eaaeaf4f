// Message passing without synchronisation: under SC, main seeing the flag
// implies it sees the data written before it.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int data, flag;

void *producer(void *arg) {
  data = 42;
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  int f = flag;
  int d = data;
  assert(!f || d == 42);
  pthread_join(t, 0);
  return 0;
}
// T0: create r(flag) r(data) join; T1: w(data) w(flag): C(4,2) = 6.
// CHECK: No errors found
// CHECK: Executions: 6 (blocked 0, bounded 0)
