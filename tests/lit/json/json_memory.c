// JSON report of a memory error (kind "memory").
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --json - %s | %FileCheck %s
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  free(p);
  free(p);
  return 0;
}
// One thread: 1 execution.
// CHECK: "kind": "memory"
// CHECK: "line": 8
// CHECK: "message": "double free of heap@{{.*}}json_memory.c:6
// CHECK: "executions": 1
// CHECK: "verdict": "error"
