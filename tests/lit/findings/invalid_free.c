// free of an interior pointer, of a global and of a stack address.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 0 | %FileCheck %s --check-prefix=INTERIOR
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 1 | %FileCheck %s --check-prefix=GLOBAL
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s -- 2 | %FileCheck %s --check-prefix=STACK
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s -- 3 | %FileCheck %s --check-prefix=NULL
#include <stdlib.h>

int g[2];

int main(int argc, char **argv) {
  char *p = malloc(8);
  int local;
  switch (atoi(argv[1])) {
  case 0: free(p + 4); break;
  case 1: free(g); break;
  case 2: free(&local); break;
  case 3: free(0); free(p); break; // free(NULL) is fine
  }
  return 0;
}
// No events: 1 execution each.
// INTERIOR: Error: memory: invalid free of heap@{{.*}}invalid_free.c:11{{.*}}[+4]
// INTERIOR: Executions: 1 (blocked 0, bounded 0)
// GLOBAL: Error: memory: invalid free of g
// GLOBAL: Executions: 1 (blocked 0, bounded 0)
// STACK: Error: memory: invalid free of stack@main
// STACK: Executions: 1 (blocked 0, bounded 0)
// NULL: No errors found
// NULL: Executions: 1 (blocked 0, bounded 0)
