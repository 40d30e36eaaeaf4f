// Three children, each writing its own global; main joins them in order.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int a, b, c;

void *wa(void *arg) { a = 1; return 0; }
void *wb(void *arg) { b = 2; return 0; }
void *wc(void *arg) { c = 3; return 0; }

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, wa, 0);
  pthread_create(&t2, 0, wb, 0);
  pthread_create(&t3, 0, wc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  assert(a + b + c == 6);
  return 0;
}
// T0: c1 c2 c3 j1 j2 j3 r r r; Ti: one write after ci, before ji.
// w1 in gaps {c1-c2,c2-c3,c3-j1}, w2 in {c2-c3,c3-j1,j1-j2}, w3 in
// {c3-j1,j1-j2,j2-j3}; sum over placements of (orders within a gap): 44.
// CHECK: No errors found
// CHECK: Executions: 44 (blocked 0, bounded 0)
