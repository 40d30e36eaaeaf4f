// Threads that meet on one mutex among threads that lock mutexes of their
// own. The first frontier event's family is watched (dpor/VcSiblings.cpp):
// a lock whose rival is pending is sure to meet it, so the search orders
// such events last (dpor/Vc.cpp, visit()); otherwise the rival's exclusion
// in the later siblings turned the watch off and every interleaving of the
// other threads was explored to its leaves (closure calls 293, 1,485,
// 7,477 and 37,469 at N = 3 to 6). The two meeting threads make 2 classes.
// RUN: %expect-exit 0 %vcdpor --engine=vc -DN=4 %s | %FileCheck %s --check-prefix=N4
// RUN: %expect-exit 0 %vcdpor --engine=vc -DN=6 %s | %FileCheck %s --check-prefix=N6
// RUN: %expect-exit 1 %vcdpor --engine=vc -DN=6 -DBUG %s | %FileCheck %s --check-prefix=BUG
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 2 %s@-DN=2,-DK=1 %s@-DN=2,-DK=1,-DBUG | %FileCheck %s --check-prefix=AGREE
// N4: No errors found
// N4: Executions: 2 (blocked 0, bounded 0)
// N4: closure calls 45 (0 failed)
// N6: No errors found
// N6: Executions: 2 (blocked 0, bounded 0)
// N6: closure calls 61 (0 failed)
// BUG: assertion failed: slot[1] == 0
// AGREE: checked 2 programs (vc on 2, refused 0), 0 skipped, 0 failing
#include <assert.h>
#include <pthread.h>

#ifndef K
#define K 2
#endif
#ifndef N
#define N 4
#endif

pthread_mutex_t m[N];
int slot[N];
int shared;

void *own(void *arg) {
  int i = (int)(long)arg;
  for (int k = 0; k < K; ++k) {
    pthread_mutex_lock(&m[i]);
    slot[i] = slot[i] + 1;
    pthread_mutex_unlock(&m[i]);
  }
  return 0;
}

void *meet(void *arg) {
  pthread_mutex_lock(&m[0]);
  int v = shared;
  shared = v + 1;
  pthread_mutex_unlock(&m[0]);
  return 0;
}

int main() {
  pthread_t t[N + 1];
  for (int i = 0; i < N; ++i)
    pthread_mutex_init(&m[i], 0);
  pthread_create(&t[0], 0, meet, 0);
  for (int i = 1; i < N; ++i)
    pthread_create(&t[i], 0, own, (void *)(long)i);
  pthread_create(&t[N], 0, meet, 0);
  for (int i = 0; i <= N; ++i)
    pthread_join(t[i], 0);
  assert(shared == 2);
#ifdef BUG
  assert(slot[1] == 0);
#endif
  return 0;
}
