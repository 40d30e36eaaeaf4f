// A local whose lifetime ends at each loop iteration (lifetime.end, then
// lifetime.start at -O1) while a function with locals of its own is called
// in between: that function's return gave back the ids of the newest dead
// stack objects, the local's among them, so its next lifetime.start found
// no object and the store through its address was reported as an invalid
// pointer (a false memory error: SV-COMP 26_stack_cas at -O1). No error.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
// CHECK: No errors found
#include <assert.h>

__attribute__((noinline, optnone)) int helper(int x) {
  int copy = x;
  return copy + 1;
}

__attribute__((noinline)) void set(int *r, int v) { *r = v; }

int main(void) {
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    sum += helper(i);
    {
      int r;
      set(&r, i);
      sum += r;
    }
  }
  assert(sum == 9);
  return 0;
}
