// The smallest program: one thread, output only, no events.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <stdio.h>

int main(void) {
  puts("hello, world");
  return 0;
}
// CHECK: vcdpor {{.*}} engine exhaustive, 1 worker
// CHECK: No errors found (nondet range 0:1, loop bound none).
// CHECK: Executions: 1 (blocked 0, bounded 0)
