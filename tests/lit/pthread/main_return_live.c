// main returning ends only main: the live children still run to completion
// (exit() and abort() do end the process, see main_exit_live.c).
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <pthread.h>

int x, y;

void *a(void *arg) { x = 1; return 0; }
void *b(void *arg) { y = 1; return 0; }

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  return 0;
}
// T0: c1 c2 (its return is not an event); T1: w(x) after c1; T2: w(y)
// after c2. w(x) before c2: 1; after c2: w(x),w(y) in either order: 2. Total 3.
// CHECK: No errors found
// CHECK: Executions: 3 (blocked 0, bounded 0)
