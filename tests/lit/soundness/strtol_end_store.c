// strtol's end-pointer store into shared memory is a write event: the
// reader can see it unwritten.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefixes=CHECK,OPT
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

char *endp;
char buf[] = "12";

void *reader(void *a) {
  char *e = endp;
  assert(e != 0);
  return 0;
}

int main(void) {
  pthread_t u;
  pthread_create(&u, 0, reader, 0);
  long v = strtol(buf, &endp, 10);
  pthread_join(u, 0);
  return (int)v - 12;
}
// CHECK: Error: assertion: assertion failed: e != 0
// CHECK: T1: read   endp = 0
// main: create, read buf (strtol), write endp, join; T1 reads endp before
// or after the write, and before or after main's read of buf (which does
// not conflict with it): 2 classes.
// OPT: Executions: 2 (blocked 0, bounded 0)
