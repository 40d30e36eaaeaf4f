// vc cannot yet handle a mutex operation inside an atomic section: it
// refuses the program with a named error and exit code 2 instead of
// exploring it.
// RUN: %expect-exit 2 %vcdpor --engine=vc %s 2>&1 | %FileCheck %s
// CHECK: vcdpor: error: {{.*}}refuses_atomic_lock.c: vc: lock inside an atomic section (thread {{[0-9]+}}, {{.*}}refuses_atomic_lock.c:[[@LINE+8]]) is not supported by this engine yet; use --engine=optimal
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *inc(void *a) {
  __VERIFIER_atomic_begin();
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
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
