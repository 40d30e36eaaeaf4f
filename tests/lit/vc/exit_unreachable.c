// exit() calls that cannot run keep no read from pruning. The threads take
// their mutexes through wrappers that exit when pthread_mutex_lock or
// _unlock fails, which they never do here: the exit summary follows the
// branch on their result one way, so once main has joined nothing can end
// the process, and a read that no write can reach prunes its node. The
// search is then the one of the same program without the exit calls
// (-DNO_EXIT): the same classes, closure calls and runs. Before, it took
// 171 closure calls and 24 replays (62 continued) for the same 10 classes.
// -DREACHABLE makes one exit depend on a value read: its thread may still
// exit, and the search explores what that allows (engine agreement checks
// the verdicts and local behaviours of both against exhaustive, with one
// incB thread, -DSMALL, which the sanitized exhaustive run finishes).
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 -DNO_EXIT %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 2 %s@-DSMALL %s@-DSMALL,-DREACHABLE
// CHECK: No errors found
// CHECK: Executions: 10 (blocked 0, bounded 0)
// CHECK: closure calls 71 (0 failed)   replays 1 (26 continued, 9 rebased)
// ORACLE: Value-happens-before classes: 10
#include <pthread.h>
#include <stdlib.h>

#ifdef SMALL
#define THREADS 2
#else
#define THREADS 3
#endif

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int shared;
int limit = THREADS - 1;

static void take(pthread_mutex_t *m) {
  if (pthread_mutex_lock(m) != 0) {
#ifndef NO_EXIT
    exit(1);
#endif
  }
}

static void drop(pthread_mutex_t *m) {
  if (0 != pthread_mutex_unlock(m)) {
#ifndef NO_EXIT
    exit(2);
#endif
  }
}

void *incA(void *arg) {
  take(&a);
  int v = shared;
  shared = v + 1;
#ifdef REACHABLE
  if (v == 1)
    exit(3);
#endif
  drop(&a);
  return 0;
}

void *incB(void *arg) {
  take(&b);
  shared = shared + 1;
  drop(&b);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  pthread_create(&t[0], 0, incA, 0);
  for (int i = 1; i < THREADS; i++)
    pthread_create(&t[i], 0, incB, 0);
  int n = limit;
  for (int i = 0; i <= n; i++)
    pthread_join(t[i], 0);
  return 0;
}
