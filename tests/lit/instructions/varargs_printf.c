// Varargs calls to printf/fprintf with several conversions; output shows
// in the trace and is not a scheduling point.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <stdio.h>

int main(void) {
  long big = 1234567890123L;
  printf("int %d neg %i hex %x str %s chr %c\n", 42, -7, 255, "abc", 'z');
  printf("long %ld unsigned %u pct %% pad [%5d] [%-3d]\n", big, 4000000000u, 7, 8);
  fprintf(stderr, "double %.2f\n", 3.14159);
  assert(0);
  return 0;
}
// No events: 1 execution.
// CHECK: Error: assertion: assertion failed: 0
// CHECK: T0: output "int 42 neg -7 hex ff str abc chr z"
// CHECK-NEXT: T0: output "long 1234567890123 unsigned 4000000000 pct % pad [    7] [8  ]"
// CHECK-NEXT: T0: output "double 3.14"
// CHECK: Executions: 1 (blocked 0, bounded 0)
