// Variable-length arrays in a loop (llvm.stacksave/stackrestore) and an
// out-of-bounds VLA access.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DOOB %s | %FileCheck %s --check-prefix=OOB
#include <assert.h>

volatile int n_in = 4;

int main(void) {
  int n = n_in;
  int total = 0;
  for (int round = 1; round <= 3; round++) {
    volatile int buf[n * round];
    for (int i = 0; i < n * round; i++)
      buf[i] = i;
    for (int i = 0; i < n * round; i++)
      total += buf[i];
#ifdef OOB
    buf[n * round] = 1;
#endif
  }
  assert(total == 6 + 28 + 66);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
// OOB: Error: memory: out-of-bounds write of 4 bytes at offset 16 of stack@main (size 16)
// OOB: Executions: 1 (blocked 0, bounded 0)
