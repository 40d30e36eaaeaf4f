// pthread_attr_* are accepted as no-ops; mutex init/destroy with attributes.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m;
int x;

void *child(void *arg) {
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_attr_t attr;
  pthread_t t;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
  pthread_mutex_init(&m, 0);
  pthread_create(&t, &attr, child, 0);
  pthread_attr_destroy(&attr);
  pthread_join(t, 0);
  pthread_mutex_destroy(&m);
  assert(x == 1);
  return 0;
}
// T0: [init] create join [destroy] r(x); T1: lock r w unlock, all between
// create and join: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
