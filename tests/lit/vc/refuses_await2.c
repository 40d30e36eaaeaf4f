// vc cannot yet handle a spin loop that waits on two locations (a write of
// either wakes it): it refuses the program with a named error and exit code 2
// instead of exploring it.
// RUN: %expect-exit 2 %vcdpor --engine=vc --opt=0 %s 2>&1 | %FileCheck %s
// CHECK: vcdpor: error: {{.*}}refuses_await2.c: vc: a spin loop waiting on several locations (await) (thread 0, {{.*}}refuses_await2.c:[[@LINE+11]]) is not supported by this engine yet; use --engine=optimal
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, y;
void *setter(void *a) {
  atomic_store(&y, 1);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  while (atomic_load(&x) == 0 && atomic_load(&y) == 0)
    ;
  pthread_join(t, 0);
  return 0;
}
