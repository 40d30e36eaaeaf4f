// Values returned by thread functions arrive through pthread_join.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

void *square(void *arg) {
  long v = (long)arg;
  return (void *)(v * v);
}

int main(void) {
  pthread_t t1, t2;
  void *r1, *r2;
  pthread_create(&t1, 0, square, (void *)3);
  pthread_create(&t2, 0, square, (void *)4);
  pthread_join(t1, &r1);
  pthread_join(t2, &r2);
  assert((long)r1 + (long)r2 == 25);
  return 0;
}
// Children have no visible events; T0: c1 c2 j1 j2: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
