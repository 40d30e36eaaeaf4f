// calloc whose size product overflows 64 bits is a finding, not a wrapped
// (here zero-byte) allocation.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <stdlib.h>

int main(void) {
  volatile unsigned long n = 1ul << 33, size = 1ul << 31;
  char *p = calloc(n, size);
  return p[0];
}
// CHECK: Error: memory: calloc of 8589934592 x 2147483648 bytes overflows
