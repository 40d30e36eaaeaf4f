// sleep() is not part of the supported interface, even in a thread.
// RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
#include <pthread.h>
#include <unistd.h>

void *child(void *arg) {
  sleep(1);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  return 0;
}
// CHECK: vcdpor: error: {{.*}}unsupported_sleep.c:7: in function 'child': unsupported external function 'sleep'
