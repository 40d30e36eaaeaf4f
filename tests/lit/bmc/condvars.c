// Condition variables in bmc, with the interpreter's semantics: a signal
// wakes exactly one thread waiting at that moment (any one), a broadcast
// all of them, a signal with no waiter is lost, and there are no spurious
// wake-ups. Every variant also runs under exhaustive, which must agree.
//
// Default: two consumers wait while `ready` is 0; the producer sets it and
// broadcasts. Safe, and the bound is complete (no loop runs twice: a woken
// consumer sees ready = 1).
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s | %FileCheck %s --check-prefix=EXSAFE
// One signal instead of the broadcast: the other consumer never wakes.
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DSIGNAL %s | %FileCheck %s --check-prefix=DEAD
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive -DSIGNAL %s | %FileCheck %s --check-prefix=EXDEAD
// `if` instead of `while`, one consumer: safe because wake-ups are never
// spurious (a model that allowed them would fail the assertion).
// RUN: %expect-exit 0 %vcdpor --engine=bmc -DIF -DONE %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive -DIF -DONE %s | %FileCheck %s --check-prefix=EXSAFE
// A consumer that waits without looking at `ready`: the signal may come
// first and be lost, a deadlock.
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBLIND -DONE %s | %FileCheck %s --check-prefix=DEAD
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive -DBLIND -DONE %s | %FileCheck %s --check-prefix=EXDEAD
// Two consumers that wait unconditionally and count their wake-ups; main
// signals once, then checks the count and exits: one signal wakes at most
// one thread, so `woken <= 1` holds. A broadcast can wake both.
// RUN: %expect-exit 0 %vcdpor --engine=bmc -DCOUNT -DBLIND %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive -DCOUNT -DBLIND %s | %FileCheck %s --check-prefix=EXSAFE
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DCOUNT -DBLIND -DBROADCAST %s | %FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive -DCOUNT -DBLIND -DBROADCAST %s | %FileCheck %s --check-prefix=COUNT
// The wait without holding its mutex: a mutex finding.
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DUNLOCKED -DONE %s | %FileCheck %s --check-prefix=UNLOCKED
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive -DUNLOCKED -DONE %s | %FileCheck %s --check-prefix=UNLOCKED
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, woken;

void *consumer(void *arg) {
#ifndef UNLOCKED
  pthread_mutex_lock(&m);
#endif
#if defined(BLIND) || defined(UNLOCKED)
  pthread_cond_wait(&c, &m);
#elif defined(IF)
  if (!ready)
    pthread_cond_wait(&c, &m);
#else
  while (!ready)
    pthread_cond_wait(&c, &m);
#endif
#ifdef COUNT
  woken++;
#else
  assert(ready);
#endif
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, consumer, 0);
#ifndef ONE
  pthread_create(&b, 0, consumer, 0);
#endif
  pthread_mutex_lock(&m);
  ready = 1;
#ifdef COUNT
#ifdef BROADCAST
  pthread_cond_broadcast(&c);
#else
  pthread_cond_signal(&c);
#endif
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  assert(woken <= 1);
  exit(0);
#elif defined(SIGNAL) || defined(ONE)
  pthread_cond_signal(&c);
#else
  pthread_cond_broadcast(&c);
#endif
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
#ifndef ONE
  pthread_join(b, 0);
#endif
  return 0;
}
// SAFE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds)
// EXSAFE: No errors found
// DEAD: Error: deadlock:
// DEAD-SAME: waits on condition c
// EXDEAD: Error: deadlock:
// UNLOCKED: Error: mutex:
// COUNT: Error: assertion:
// COUNT: woken := 2
