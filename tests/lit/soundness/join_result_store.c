// pthread_join's result store into shared memory is a write event of its
// own: the reader can run before it. Before it was one, every engine but
// exhaustive called this program safe.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s --check-prefixes=CHECK
// RUN: %expect-exit 1 %vcdpor --engine=source %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefixes=CHECK,OPT
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

void *res;

void *child(void *a) { return (void *)1; }

void *reader(void *a) {
  void *r = res;
  assert(r != 0);
  return 0;
}

int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, child, 0);
  pthread_create(&u, 0, reader, 0);
  pthread_join(t, &res);
  pthread_join(u, 0);
  return 0;
}
// CHECK: Error: assertion: assertion failed: r != 0
// CHECK: T2: read   res = 0
// T0's events: create, create, join, write res, join. T2 reads res before
// or after the write: 2 classes; exhaustive also interleaves T1's exit.
// OPT: Executions: 2 (blocked 0, bounded 0)
