// An unsupported external function is named, with function and line.
// RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
#include <stdlib.h>

int helper(void) {
  return rand() % 2;
}

int main(void) { return helper(); }
// CHECK: vcdpor: error: {{.*}}unsupported_rand.c:6: in function 'helper': unsupported external function 'rand'
