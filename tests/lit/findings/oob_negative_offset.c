// Suspected bug: a negative offset is reported as 4294967292 (the offset is
// kept modulo 2^32) instead of -4.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <stdlib.h>

int main(void) {
  int *p = malloc(3 * sizeof(int));
  p[-1] = 7;
  free(p);
  return 0;
}
// No events: 1 execution.
// CHECK: Error: memory: out-of-bounds write of 4 bytes at offset -4 of heap@{{.*}}oob_negative_offset.c:7{{.*}} (size 12)
// CHECK: Executions: 1 (blocked 0, bounded 0)
