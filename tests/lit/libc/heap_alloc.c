// malloc / calloc / realloc / free: contents, zeroing, growth preserving
// data, realloc(NULL) and free(NULL); malloc itself is never an event.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <stdlib.h>

int main(void) {
  int *a = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++)
    a[i] = i * i;
  int *z = calloc(3, sizeof(int));
  assert(z[0] == 0 && z[1] == 0 && z[2] == 0);
  a = realloc(a, 8 * sizeof(int));
  assert(a[3] == 9);
  a[7] = 70;
  int *n = realloc(0, sizeof(int));
  *n = 5;
  assert(*n + a[7] == 75);
  free(0);
  free(a);
  free(z);
  free(n);
  return 0;
}
// Unescaped heap, one thread: 0 events, 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
