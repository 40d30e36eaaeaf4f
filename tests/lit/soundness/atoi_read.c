// atoi's read of a shared string is a read event. Before it was one,
// every engine, exhaustive included, called this program safe.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefixes=CHECK,OPT
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
  int v = atoi(buf);
  assert(v == 0);
  pthread_join(u, 0);
  return 0;
}
// CHECK: Error: assertion: assertion failed: v == 0
// CHECK: T1: write  buf := 55
// CHECK: T0: read   buf
// OPT: Executions: 2 (blocked 0, bounded 0)
