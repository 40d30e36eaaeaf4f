// Suspected bug: at -O1 (the default) and -O2 LLVM rewrites memcmp(...) == 0
// into a call to bcmp, which is rejected as an unsupported external function.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s | %FileCheck %s
#include <assert.h>
#include <string.h>

char g[4] = "abc";

int main(void) {
  assert(memcmp(g, "abc", 4) == 0);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
