// memcpy / memset touching shared memory is one event each.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <string.h>

int buf[4];

void *child(void *arg) {
  int local[4] = {1, 2, 3, 4};
  memcpy(buf, local, sizeof local);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  memset(buf, 0, sizeof buf);
  pthread_join(t, 0);
  assert(buf[3] == 4);
  return 0;
}
// T0: create memset join r(buf[3]); T1: memcpy (one event; the local init
// is not). memset before or after memcpy: 2 executions; memcpy first ends
// with zeros: 1 error.
// CHECK: Error: assertion: assertion failed: buf[3] == 4
// CHECK: Executions: 2 (blocked 0, bounded 0)
