// printf / fprintf(stdout, stderr) / puts / putchar / fwrite are captured and
// shown as `output` lines, never scheduling points.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

void *child(void *arg) {
  puts("child says hi");
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  printf("n=%d\n", 3);
  fprintf(stdout, "to stdout\n");
  fprintf(stderr, "to stderr\n");
  putchar('A');
  putchar('\n');
  fwrite("raw bytes\n", 1, 10, stdout);
  assert(0);
  return 0;
}
// T0: create join; T1 has no events (output is not one): 1 execution.
// CHECK: Error: assertion: assertion failed: 0
// CHECK: T1: output "child says hi"
// CHECK: T0: output "n=3"
// CHECK-NEXT: T0: output "to stdout"
// CHECK-NEXT: T0: output "to stderr"
// CHECK-NEXT: T0: output "A"
// CHECK: T0: output "raw bytes"
// CHECK: Executions: 1 (blocked 0, bounded 0)
