// ffs, ffsl and ffsll: the lowest set bit, counted from 1, and 0 for 0.
// The values are checked on nondet inputs, so bmc proves them for every
// value and the explicit engines for the range they draw; then the pattern
// of SV-COMP's per-thread-index-bitmask tasks: main hands out bit indices
// with ffs, each thread sets its bit back, and the mask is shared without
// a lock (-DRACY: a race between main's ffs read and a thread's |=).
// RUN: %expect-exit 4 %vcdpor --engine=optimal --nondet-range 0:9 %s | %FileCheck %s --check-prefixes=SAFE,COUNT
// RUN: %expect-exit 4 %vcdpor --engine=vc --nondet-range 0:9 %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=bmc --unroll 3 %s | %FileCheck %s --check-prefix=PROOF
// RUN: %expect-exit 1 %vcdpor --engine=optimal --data-races=error -DRACY %s | %FileCheck %s --check-prefix=RACY
// RUN: %expect-exit 1 %vcdpor --engine=bmc --unroll 3 --data-races=error -DRACY %s | %FileCheck %s --check-prefix=RACY
// SAFE: Bounded: no errors found
// 10 x 10 nondet pairs, 3 classes of the two workers' locks each.
// COUNT: Executions: 300 (blocked 0, bounded 0)
// PROOF: No errors found
// PROOF-NOT: Bounded
// RACY: Error: data-race: data race on mask:
#include <assert.h>
#include <pthread.h>
#include <strings.h>

extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);

int mask = -1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int j = (int)(long)arg;
#ifndef RACY
  pthread_mutex_lock(&m);
#endif
  mask |= 1 << j;
#ifndef RACY
  pthread_mutex_unlock(&m);
#endif
  return 0;
}

int main(void) {
  assert(ffs(0) == 0 && ffs(1) == 1 && ffs(12) == 3 && ffs(-1) == 1);
  assert(ffs((int)0x80000000u) == 32 && ffsl(1L << 40) == 41);
  assert(ffsll(0) == 0 && ffsll(6LL << 50) == 52);
  int x = __VERIFIER_nondet_int();
  if (x != 0)
    assert((x >> (ffs(x) - 1)) & 1);
  else
    assert(ffs(x) == 0);
  long y = __VERIFIER_nondet_long();
  if (y & 1)
    assert(ffsl(y) == 1);
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&m);
    int j = ffs(mask) - 1;
    mask &= ~(1 << j);
    pthread_mutex_unlock(&m);
    pthread_create(&t[i], 0, worker, (void *)(long)j);
  }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
