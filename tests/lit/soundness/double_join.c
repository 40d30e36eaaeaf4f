// Two threads join one thread: whichever joins second fails, so the joins
// are dependent and --all-errors reports both failures, as exhaustive
// does. Before, source and optimal reported one. vc cannot take it (which
// join is second is no part of its classes): --vc-strict refuses it, and
// otherwise (and in the default run) Optimal-DPOR explores it in vc's place.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --all-errors %s | %FileCheck %s
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict %s 2>&1 | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 1 %vcdpor --engine=vc --all-errors %s | %FileCheck %s --check-prefixes=VCFB,CHECK
#include <pthread.h>

pthread_t t;

void *child(void *a) { return 0; }
void *j1(void *a) {
  pthread_join(t, 0);
  return 0;
}
void *j2(void *a) {
  pthread_join(t, 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&t, 0, child, 0);
  pthread_create(&a, 0, j1, 0);
  pthread_create(&b, 0, j2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
// VCFB: Note: vc cannot explore this program by values yet (joins of one thread by two threads
// CHECK-DAG: Error: thread: pthread_join of an invalid or already joined thread (2)   ({{.*}}double_join.c:22 in j2)
// CHECK-DAG: Error: thread: pthread_join of an invalid or already joined thread (2)   ({{.*}}double_join.c:18 in j1)
// VC: vc: joins of one thread by two threads
