// A loop spinning on a library call's read of shared memory awaits that
// memory: the writer wakes it. Before, the read was no event, the spin
// was taken as blocked forever, and every engine reported "No errors
// found, Executions: 0 (blocked 1)".
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

char buf[4] = "0";

void *writer(void *a) {
  buf[0] = '7';
  return 0;
}

int main(void) {
  pthread_t u;
  pthread_create(&u, 0, writer, 0);
  while (atoi(buf) == 0)
    ;
  assert(0 && "reached");
  pthread_join(u, 0);
  return 0;
}
// CHECK: Error: assertion: assertion failed: 0 && "reached"
// CHECK: Executions: 1 (blocked 0, bounded 0)
