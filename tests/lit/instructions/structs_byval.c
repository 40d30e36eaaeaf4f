// Suspected bug: a struct passed by value that clang passes in memory
// (a `byval` parameter) is rejected: "unsupported byval parameter".
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>

struct big { int v[8]; };

static int sum(struct big g) {
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += g.v[i];
  return s;
}

int main(void) {
  struct big b = {{1, 2, 3, 4, 5, 6, 7, 8}};
  assert(sum(b) == 36);
  return 0;
}
// One thread, no events: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
