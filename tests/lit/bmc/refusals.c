// What bmc does not model is refused by name, with exit code 2: never
// skipped, never a verdict.
// RUN: %expect-exit 2 %vcdpor --engine=bmc %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 2 %vcdpor --engine=bmc --all-errors %s 2>&1 | %FileCheck %s --check-prefix=ALL
// RUN: %expect-exit 2 %vcdpor --engine=bmc --threads 2 %s 2>&1 | %FileCheck %s --check-prefix=THREADS
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;
void *t(void *a) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t x;
  pthread_create(&x, 0, t, 0);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_join(x, 0);
  return 0;
}
// CHECK: vcdpor: error: {{.*}}refusals.c: bmc: unsupported: {{.*}}: call of 'pthread_cond_{{signal|wait}}', which bmc does not model
// ALL: --engine=bmc reports one counterexample
// THREADS: parallel exploration is implemented for --engine=vc only
