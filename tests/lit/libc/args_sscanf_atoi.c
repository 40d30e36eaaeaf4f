// Program arguments after `--`, parsed with atoi and sscanf.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s -- 7 12,5 | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 8 12,5 | %FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s --check-prefix=NOARGS
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  assert(argc == 3);
  int a = atoi(argv[1]);
  int b = 0, c = 0;
  int n = sscanf(argv[2], "%d,%d", &b, &c);
  assert(n == 2 && strcmp(argv[2], "12,5") == 0);
  assert(a + b + c == 24);
  return 0;
}
// One thread, no events: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
// BAD: Error: assertion: assertion failed: a + b + c == 24
// BAD: Executions: 1 (blocked 0, bounded 0)
// NOARGS: Error: assertion: assertion failed: argc == 3
