// Releases of a mutex the thread does not hold: an unlock by a thread that
// never locked it (while another thread may hold it), and a
// pthread_cond_wait whose mutex is not held (-DCOND). Each fails where it is,
// in every order, and releases nothing. vc appended the failed release to
// the mutex's chain and stopped with "no linearization of a closed order:
// ... witness unlocks a mutex it does not hold"; the other engines reported
// the finding. Now vc reports it too, and every engine finds the same set
// of findings under --all-errors.
// RUN: %expect-exit 1 %vcdpor --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --root=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc -DCOND %s | %FileCheck %s --check-prefix=COND
// RUN: %expect-exit 1 %vcdpor --engine=vc --root=0 -DCOND %s | %FileCheck %s --check-prefix=COND
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --opts=-DCOND --checked 1 %s | %FileCheck %s --check-prefix=AGREE
// CHECK: Error: mutex: unlock of mutex m not held by thread 1
// COND: Error: mutex: pthread_cond_wait with mutex m not held by thread 0
// AGREE: checked 1 programs (vc on 1, refused 0), 0 skipped, 0 failing
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int x;

void *t(void *a) {
  x = 1;
#ifdef COND
  pthread_mutex_lock(&m);
  pthread_cond_signal(&c);
#endif
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a;
  pthread_create(&a, 0, t, 0);
#ifdef COND
  if (!x)
    pthread_cond_wait(&c, &m);
#else
  pthread_mutex_lock(&m);
  x = 2;
  pthread_mutex_unlock(&m);
#endif
  pthread_join(a, 0);
  assert(x != 0);
  return 0;
}
