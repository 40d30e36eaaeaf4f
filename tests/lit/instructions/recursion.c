// Recursion (including mutual recursion) in a thread.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int result;
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int is_odd(int n);
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

void *child(void *arg) {
  result = fib((int)(long)arg);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, (void *)10);
  pthread_join(t, 0);
  assert(result == 55);
  assert(is_even(10) && is_odd(7));
  return 0;
}
// T0: create join r(result); T1: w(result) between: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
