// __thread globals: one copy per thread, initialised in each.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

__thread int tl = 7;
int seen;

void *child(void *arg) {
  assert(tl == 7);
  tl = (int)(long)arg;
  seen = tl;
  return 0;
}

int main(void) {
  pthread_t t1;
  tl = 1;
  pthread_create(&t1, 0, child, (void *)5);
  pthread_join(t1, 0);
  assert(tl == 1);
  assert(seen == 5);
  return 0;
}
// Thread-local accesses are not shared. T0: create join r(seen); T1: w(seen)
// between: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
