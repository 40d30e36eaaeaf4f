// The sanitized build runs a smaller profile of this (tests/lit/sanitized/).
// UNSUPPORTED: sanitized
// Every engine is deterministic: ten runs of the same program give the same
// verdict, the same findings (kind, message, location, trace) and the same
// counts (executions, blocked, bounded, sleep-set blocked, events). Once on
// a safe program with blocked executions, once on one with a bug where
// --all-errors makes each run explore everything and collect every finding.
// RUN: %expect-exit 3 %vcdpor --engine=vc --opt=0 --emit-ll %t.safe.ll --max-executions 1 %s > %t.out
// RUN: %expect-exit 1 %vcdpor --opt=0 --emit-ll %t.bug.ll --max-executions 1 %s -DBUG > %t.out
// RUN: %python %S/../Inputs/check_deterministic.py --runs 10 --engines exhaustive,source,optimal,vc --expect bounded -- %vcdpor %t.safe.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %python %S/../Inputs/check_deterministic.py --runs 10 --engines exhaustive,source,optimal,vc --expect error -- %vcdpor --all-errors %t.bug.ll | %FileCheck %s --check-prefix=BUG
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y;

void *adder(void *arg) {
  int v = __VERIFIER_nondet_int();
  pthread_mutex_lock(&m);
  x += v + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *doubler(void *arg) {
  int r = x;
  __VERIFIER_assume(r != 1);
  y = 2 * r + 1;
  return 0;
}

int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], 0, adder, 0);
  pthread_create(&t[1], 0, adder, 0);
  pthread_create(&t[2], 0, doubler, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
#ifdef BUG
  assert(x != 4);
  assert(y != 5);
#endif
  return 0;
}
// SAFE: check_deterministic: exhaustive: 10 identical runs: bounded
// SAFE: check_deterministic: source: 10 identical runs: bounded
// SAFE: check_deterministic: optimal: 10 identical runs: bounded
// SAFE: check_deterministic: vc: 10 identical runs: bounded
// BUG: check_deterministic: exhaustive: 10 identical runs: error
// BUG: check_deterministic: source: 10 identical runs: error
// BUG: check_deterministic: optimal: 10 identical runs: error
// BUG: check_deterministic: vc: 10 identical runs: error
