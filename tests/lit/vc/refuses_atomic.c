// vc cannot yet handle atomic sections soundly: it refuses the program with
// a named error and exit code 2 instead of exploring it.
// RUN: %expect-exit 2 %vcdpor --engine=vc %s 2>&1 | %FileCheck %s
// CHECK: vcdpor: error: {{.*}}refuses_atomic.c: vc: atomic sections (thread {{[0-9]+}}, {{.*}}refuses_atomic.c:{{[0-9]+}}) is not supported by this engine yet; use --engine=optimal
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int x;
void *inc(void *a) {
  __VERIFIER_atomic_begin();
  x = x + 1;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  inc(0);
  pthread_join(t, 0);
  return 0;
}
