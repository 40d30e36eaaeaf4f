// Out-of-bounds read and write on a heap block.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 0 | %FileCheck %s --check-prefix=READ
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 1 | %FileCheck %s --check-prefix=WRITE
#include <stdlib.h>

int main(int argc, char **argv) {
  int *p = malloc(3 * sizeof(int));
  int r = 0;
  if (atoi(argv[1]) == 0)
    r = p[3];
  else
    p[4] = 7;
  free(p);
  return r;
}
// Single thread, unescaped heap: no events, 1 execution.
// READ: Error: memory: out-of-bounds read of 4 bytes at offset 12 of heap@{{.*}}oob_heap.c:7{{.*}} (size 12)
// READ: Executions: 1 (blocked 0, bounded 0)
// WRITE: Error: memory: out-of-bounds write of 4 bytes at offset 16 of heap@{{.*}}oob_heap.c:7{{.*}} (size 12)
// WRITE: Executions: 1 (blocked 0, bounded 0)
