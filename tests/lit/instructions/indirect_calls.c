// Indirect calls through function pointers, also as a thread start routine
// chosen from a table.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int x;
static int add1(int v) { return v + 1; }
static int dbl(int v) { return v * 2; }
static void *w1(void *a) { x = 1; return 0; }
static void *w2(void *a) { x = 2; return 0; }

int (*ops[2])(int) = {add1, dbl};
void *(*starts[2])(void *) = {w1, w2};

int main(void) {
  int k = __VERIFIER_nondet_int();
  assert(ops[k](5) == (k ? 10 : 6));
  pthread_t t;
  pthread_create(&t, 0, starts[k], 0);
  pthread_join(t, 0);
  assert(x == 1);
  return 0;
}
// T0: nondet create join r(x); the child writes between create and join.
// k = 0: safe; k = 1: x == 2, error. 2 executions.
// CHECK: Error: assertion: assertion failed: x == 1
// CHECK: T0: nondet 1
// CHECK: T1: write  x := 2
// CHECK: Executions: 2 (blocked 0, bounded 0)
