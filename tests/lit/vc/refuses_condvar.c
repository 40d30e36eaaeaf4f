// vc cannot yet handle condition variables soundly: it refuses the program
// with a named error and exit code 2 instead of exploring it.
// RUN: %expect-exit 2 %vcdpor --engine=vc %s 2>&1 | %FileCheck %s
// CHECK: vcdpor: error: {{.*}}refuses_condvar.c: vc: condition variables (thread {{[0-9]+}}, {{.*}}refuses_condvar.c:{{[0-9]+}}) is not supported by this engine yet; use --engine=optimal
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;
void *waiter(void *a) {
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
