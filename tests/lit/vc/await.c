// Spin loops under vc: a thread spinning on a flag waits until a write of it
// comes after its last read (an await). Two consumers wait for a flag that
// two producers write (one writes 0 again, which wakes the consumers without
// releasing them), then check the data published before it. -DLATE makes
// the second producer publish its data after the flag: a consumer can then
// see stale data. Counts: the exhaustive explorer's --count-vhb-classes.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DLATE %s | %FileCheck %s --check-prefix=LATE
// CHECK: No errors found
// CHECK: Executions: 29 (blocked 12, bounded 0)
// ORACLE: Value-happens-before classes: 29
// LATE: Error: assertion: assertion failed: data == 1
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag, data;
void *producer(void *a) {
  atomic_store(&data, 1);
  atomic_store(&flag, 1);
  return 0;
}
void *resetter(void *a) {
#ifdef LATE
  atomic_store(&flag, 1);
  atomic_store(&data, 1);
#else
  atomic_store(&flag, 0);
#endif
  return 0;
}
void *consumer(void *a) {
  while (atomic_load(&flag) == 0)
    ;
  assert(data == 1);
  return 0;
}
int main(void) {
  pthread_t p, r, c1, c2;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&r, 0, resetter, 0);
  pthread_create(&c1, 0, consumer, 0);
  pthread_create(&c2, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(r, 0);
  pthread_join(c1, 0);
  pthread_join(c2, 0);
  return 0;
}
