// Two threads spin on a flag one producer sets: each reads it set, or reads
// it clear, waits, and re-reads it: 4 happens-before classes. Optimal-DPOR
// used to reverse the re-read of a woken spinner with the write that woke it
// (impossible: the spinner is blocked until then); the infeasible branch then
// swallowed the other spinner's reversal, and only 2 classes were explored.
// A spinner's next read now happens after its waker, as a condition
// variable's re-acquire after its signal.
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=source --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=HB
// CHECK: Executions: 4 (blocked 0, bounded 0)
// HB: Happens-before classes: 4
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *producer(void *a) {
  atomic_store(&flag, 1);
  return 0;
}
void *consumer(void *a) {
  while (atomic_load(&flag) == 0)
    ;
  return 0;
}
int main(void) {
  pthread_t p, c1, c2;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c1, 0, consumer, 0);
  pthread_create(&c2, 0, consumer, 0);
  return 0;
}
