// A node's later siblings (in which its first frontier event observes a
// write, or lock grant, from outside X) are left out when exploring the
// first event's family met no event of another thread that could give it
// one (dpor/VcSiblings.cpp). Threads that lock mutexes of their own and
// touch slots of their own make one class; before, vc's work grew
// exponentially with them (here 17 closure calls at N = 3, 485 at 6; in
// SV-COMP's indexer below 42,217 at 4 threads, 422,217 at 5; now 20 per
// thread and 1).
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - -DN=3 %s | %FileCheck %s --check-prefix=OWN3
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - -DN=6 %s | %FileCheck %s --check-prefix=OWN6
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - -DNUM_THREADS=4 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=IDX4
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - -DNUM_THREADS=11 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=IDX11
// RUN: %expect-exit 0 %vcdpor --engine=optimal -DNUM_THREADS=11 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=OPT11
// At 12 threads two pairs of threads meet on a slot (8 classes, as optimal
// counts): the work stays at 75 closure calls per class because events
// with a pending rival are branched last (dpor/Vc.cpp, visit()), and is
// the same at -O0, where the write summary must see through cas()'s
// spilled parameter to know that no thread writes tids[].
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - -DNUM_THREADS=12 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=IDX12
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - --opt=0 -DNUM_THREADS=12 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=IDX12
// RUN: %expect-exit 0 %vcdpor --engine=optimal -DNUM_THREADS=12 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=OPT12
// Where the first family does meet such an event (with LATE, thread 2 takes
// thread 1's mutex after reading a flag; the other writer of the slot is a
// pending lock at the node itself), the siblings are explored and the bug
// that needs them is found, as exhaustive finds it:
// RUN: %expect-exit 1 %vcdpor --engine=vc -DN=3 -DLATE %s | %FileCheck %s --check-prefix=LATE
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive -DN=3 -DLATE %s | %FileCheck %s --check-prefix=LATE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 --opts=-DN=3,-DLATE %s | %FileCheck %s --check-prefix=AGREE
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 --opts=-DN=3 %s | %FileCheck %s --check-prefix=AGREE
// REQUIRES: shared-benchmarks
// OWN3: "closure_calls": 9,
// OWN3: "empty_siblings": 2,
// OWN3: "executions": 1,
// OWN6: "closure_calls": 21,
// OWN6: "empty_siblings": 8,
// OWN6: "executions": 1,
// IDX4: "closure_calls": 81,
// IDX4: "empty_siblings": 32,
// IDX4: "executions": 1,
// IDX11: "closure_calls": 221,
// IDX11: "empty_siblings": 102,
// IDX11: "executions": 1,
// OPT11: Executions: 1 (blocked 0, bounded 0)
// IDX12: "closure_calls": 599,
// IDX12: "empty_siblings": 218,
// IDX12: "executions": 8,
// OPT12: Executions: 8 (blocked 0, bounded 0)
// LATE: Error: assertion: assertion failed: v != 7
// AGREE: checked 1 programs (vc on 1, refused 0), 0 skipped, 0 failing
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m[N];
int slot[N];
int flag;

void *worker(void *a) {
  long i = (long)a;
#ifdef LATE
  if (i == 2 && flag) {
    pthread_mutex_lock(&m[1]);
    slot[1] = 7;
    pthread_mutex_unlock(&m[1]);
    return 0;
  }
#endif
  pthread_mutex_lock(&m[i]);
  int v = slot[i];
  slot[i] = v + 1;
  pthread_mutex_unlock(&m[i]);
  assert(v != 7);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 1; i < N; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  flag = 1;
  for (long i = 1; i < N; ++i)
    pthread_join(t[i], 0);
  return 0;
}
