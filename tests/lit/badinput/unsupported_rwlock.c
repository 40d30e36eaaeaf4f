// pthread functions outside the supported interface are named too.
// RUN: %expect-exit 2 %vcdpor --engine=exhaustive --opt=0 %s 2>&1 | %FileCheck %s
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

int main(void) {
  pthread_rwlock_rdlock(&rw);
  pthread_rwlock_unlock(&rw);
  return 0;
}
// CHECK: vcdpor: error: {{.*}}unsupported_rwlock.c:8: in function 'main': unsupported external function 'pthread_rwlock_rdlock'
