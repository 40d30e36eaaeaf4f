// ptrtoint / inttoptr round trips, pointer comparison and differences.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <stdint.h>

int arr[4] = {1, 2, 3, 4};

int main(void) {
  uintptr_t p = (uintptr_t)&arr[1];
  uintptr_t q = (uintptr_t)&arr[3];
  assert(q - p == 2 * sizeof(int));
  int *r = (int *)(p + sizeof(int));
  assert(*r == 3);
  assert(&arr[3] - &arr[0] == 3 && &arr[0] < &arr[2]);
  volatile uintptr_t v = p;
  assert(*(int *)v == 2);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
