// Suspected bug: offsets wrap modulo 2^32, so p + 2^32 is taken for p and
// an access 4 GiB past an 8-byte block goes unreported.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <stdlib.h>

int main(void) {
  char *p = malloc(8);
  volatile long off = 0x100000000L;
  char *q = p + off;
  *q = 1;
  return 0;
}
// No events: 1 execution, an out-of-bounds write.
// CHECK: Error: memory: out-of-bounds write: pointer arithmetic left its object
// CHECK: Executions: 1 (blocked 0, bounded 0)
