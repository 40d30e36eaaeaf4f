// pthread_create stores the new thread's id before the thread runs, as
// glibc does (SV-COMP's verdicts assume it): the store happens before every
// step of the child, so a thread that learns from the child that it runs
// reads the id without a race (the pattern of SV-COMP's
// per-thread-array-join-counter.c). Until the create, the id is reserved: a
// thread that reads it early and joins waits for the thread (-DEARLY),
// never "an invalid thread" (races off: the early read is one). Every
// engine agrees.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --data-races=error %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=optimal --data-races=error %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=source --data-races=error %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=bmc --data-races=error --unroll 3 %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --data-races=off -DEARLY %s | %FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 0 %vcdpor --engine=optimal --data-races=off -DEARLY %s | %FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 0 %vcdpor --engine=vc -DEARLY %s | %FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 0 %vcdpor --engine=bmc --unroll 3 -DEARLY %s | %FileCheck %s --check-prefix=EARLY
// A join of an id no pthread_create reserved is still invalid, with every
// engine (-DBOGUS: thread 7 is never created).
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DBOGUS %s | %FileCheck %s --check-prefix=BOGUS
// RUN: %expect-exit 1 %vcdpor --engine=bmc --unroll 3 -DBOGUS %s | %FileCheck %s --check-prefix=BOGUS
// SAFE: No errors found
// EARLY-NOT: invalid
// EARLY: No errors found
// BOGUS: Error: thread: pthread_join of an invalid
#include <pthread.h>

pthread_t tid;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int started;

void *child(void *arg) {
  pthread_mutex_lock(&m);
  started = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *cleaner(void *arg) {
#if defined(EARLY)
  // Reads the id (racily) while the parent may be between its store and the
  // create: the join waits for the child either way.
  pthread_t t = tid;
  if (t)
    pthread_join(t, 0);
#elif defined(BOGUS)
  pthread_join((pthread_t)7, 0);
#else
  pthread_mutex_lock(&m);
  int s = started;
  pthread_mutex_unlock(&m);
  if (s)
    pthread_join(tid, 0);
#endif
  return 0;
}

int main(void) {
  pthread_t c;
  pthread_create(&c, 0, cleaner, 0);
  pthread_create(&tid, 0, child, 0);
  pthread_join(c, 0);
  return 0;
}
