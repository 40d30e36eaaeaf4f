// Regression (tests/difftest/harness.py --extended, seed 90752): Source- and
// Optimal-DPOR explored 11 of the 13 happens-before classes. t2 spins on two
// locations, z and y; t1 writes z (0 over 0) and main exits. Written between
// the loop's two reads, z made the thread go round again at once; written
// after them, it woke the blocked thread, whose next iteration was not
// compared with the last, so it ran one more iteration. The thread's events
// depended on where a write fell between two reads that commute with it, and
// the classes with the longer run (the exit after its fifth or sixth read)
// were never explored. Going round after such a write now skips the next
// comparison as a wake-up does (Executor::takeEdge).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
atomic_int x, y, z;
void *t2(void *arg) {
  while (atomic_load(&z) == 0 && atomic_load(&y) == 0)
    ;
  return 0;
}
void *t1(void *arg) {
  pthread_t c; pthread_create(&c, 0, t2, 0);
  atomic_store(&z, 0);
  pthread_join(c, 0);
  return 0;
}
int main(void) {
  int l0 = 0;
  pthread_t h1; pthread_create(&h1, 0, t1, 0);
  l0 = atomic_load(&y);
  if (l0 == 0) exit(0);
  pthread_join(h1, 0);
  return 0;
}
