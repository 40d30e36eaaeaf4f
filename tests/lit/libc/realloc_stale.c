// A pointer kept across realloc dangles when the block moved: vcdpor always
// treats realloc as a new block, so the old one is freed.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <stdlib.h>

int main(void) {
  int *a = malloc(sizeof(int));
  int *old = a;
  a = realloc(a, 64 * sizeof(int));
  *old = 1;
  free(a);
  return 0;
}
// One thread: 1 execution.
// CHECK: Error: memory: use after free of heap@{{.*}}realloc_stale.c:7
// CHECK: Executions: 1 (blocked 0, bounded 0)
