// exit() with a non-zero status in a single thread is not an error; code
// after it is not run.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <stdlib.h>

int main(void) {
  exit(3);
  assert(0);
}
// No other thread: exit is no event; 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
