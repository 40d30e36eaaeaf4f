// Suspected bug: at the default -O1, glibc's inline putchar becomes a call
// to putc, which is rejected as an unsupported external function.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s | %FileCheck %s
#include <stdio.h>

int main(void) {
  putchar('A');
  putchar('\n');
  return 0;
}
// No events: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
