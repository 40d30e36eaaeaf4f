// Out-of-bounds accesses on a global array, with an index from a child.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <pthread.h>

int arr[4];
int idx = 2;

void *child(void *arg) {
  idx = 4;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  arr[idx] = 1;
  pthread_join(t, 0);
  return 0;
}
// T0: create r(idx) w(arr[idx]) join; T1: w(idx)=4. T1 before T0's read:
// write at offset 16 fails; after the read: T1 before/after the write: 2
// safe. 3 executions.
// CHECK: Error: memory: out-of-bounds write of 4 bytes at offset 16 of arr (size 16)
// CHECK: T1: write  idx := 4
// CHECK-NEXT: T0: read   idx = 4
// CHECK: Executions: 3 (blocked 0, bounded 0)
