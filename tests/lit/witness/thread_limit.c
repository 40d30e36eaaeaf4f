// A pthread_create cut by the thread limit (2048 threads) creates nothing:
// the trace says so, the witness gives that step no createThread, and the
// witness is valid and replays to the error.
// AGREEMENT-SKIP: creates threads until the 2048-thread limit cuts main
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %expect-exit 1 %vcdpor --engine=optimal --witness w.graphml %s | %FileCheck %s
// RUN: %python %srcroot/tests/witness/check_witness.py w.graphml | %FileCheck %s --check-prefix=VALID
// RUN: %expect-exit 1 %vcdpor --validate-witness w.graphml %s | %FileCheck %s --check-prefix=REPLAY
// RUN: %FileCheck %s --check-prefix=GRAPHML < w.graphml
#include <assert.h>
#include <pthread.h>
int n;

void *worker(void *arg) {
  int v = __atomic_add_fetch(&n, 1, __ATOMIC_SEQ_CST);
  assert(v < 3);
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
}
// CHECK: Error: assertion: assertion failed: v < 3
// CHECK: T0: create no thread (the thread limit cut the execution)
// VALID: valid: w.graphml
// REPLAY: confirmed: the schedule reaches assertion at line 16
// GRAPHML: <data key="createThread">2047</data>
// GRAPHML-NOT: <data key="createThread">0</data>
