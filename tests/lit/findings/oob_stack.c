// Out-of-bounds read and write on a stack array.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 0 | %FileCheck %s --check-prefix=READ
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 1 | %FileCheck %s --check-prefix=WRITE
#include <stdlib.h>

int main(int argc, char **argv) {
  volatile int s[2] = {1, 2};
  int i = atoi(argv[1]);
  if (i == 0)
    return s[i + 2];
  s[i + 1] = 5;
  return 0;
}
// No events: 1 execution each.
// READ: Error: memory: out-of-bounds read of 4 bytes at offset 8 of stack@main (size 8)
// READ: Executions: 1 (blocked 0, bounded 0)
// WRITE: Error: memory: out-of-bounds write of 4 bytes at offset 8 of stack@main (size 8)
// WRITE: Executions: 1 (blocked 0, bounded 0)
