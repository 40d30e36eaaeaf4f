// Suspected bug: at the default -O1, glibc's inline atoi becomes a call to
// strtol, which is rejected as an unsupported external function.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s -- 3 | %FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  return atoi(argv[1]) == 3 ? 0 : 1;
}
// No events: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
