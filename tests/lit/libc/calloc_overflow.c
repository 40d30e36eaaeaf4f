// calloc whose size product overflows 64 bits returns NULL (C11 7.22.3.2),
// not a wrapped (here zero-byte) allocation: the program's use of it is the
// finding.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <stdlib.h>

int main(void) {
  volatile unsigned long n = 1ul << 33, size = 1ul << 31;
  char *p = calloc(n, size);
  return p[0];
}
// CHECK: Error: memory: null pointer dereference
