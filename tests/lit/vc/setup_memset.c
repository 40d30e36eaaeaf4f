// A block write to shared memory (memset, memcpy, a store wider than 8
// bytes) made before any other thread exists only sets up what the locations
// it covers hold when first accessed: vc takes it as a placeholder event
// (lastzero.c at the default -O1 zeroes its array with one memset and was
// refused). After a thread exists, or over a location already accessed, vc
// cannot take it: --vc-strict refuses it by name, and otherwise
// Optimal-DPOR explores the program in vc's place.
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=1 %s | %FileCheck %s
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict --opt=1 -DEARLY_STORE %s 2>&1 | %FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict --opt=1 -DLATE %s 2>&1 | %FileCheck %s --check-prefix=LATE
// Without --vc-strict, Optimal-DPOR explores the program in vc's place and
// finds the same bug.
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=1 -DLATE %s | %FileCheck %s --check-prefixes=CHECK,LATEFB
// RUN: %expect-exit 0 %vcdpor --engine=vc -DN=3 %benchmarks/nidhugg/from_CONCUERROR/lastzero.c | %FileCheck %s --check-prefix=LASTZERO
// REQUIRES: shared-benchmarks
// LATEFB: Note: vc cannot explore this program by values yet (accesses wider than 8 bytes to a[+16] once threads exist (thread 0, {{.*}}setup_memset.c:[[@LINE+26]]), met after
// CHECK: Error: assertion: assertion failed: a[1] + a[2] != 3
// EARLY: vc: a block write over locations accessed before it (thread 0, {{.*}}setup_memset.c:[[@LINE+19]])
// LATE: vc: accesses wider than 8 bytes to a[+16] once threads exist (thread 0, {{.*}}setup_memset.c:[[@LINE+23]])
// LASTZERO: Executions: 12 (blocked 0, bounded 0)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
int a[8];
atomic_int flag;
void *worker(void *arg) {
  int i = (int)(long)arg;
  a[i] = i + 1;
  atomic_store(&flag, i);
  return 0;
}
int main(void) {
#ifdef EARLY_STORE
  a[1] = 7;
#endif
  memset(a, 0, sizeof a);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1);
  pthread_create(&t2, 0, worker, (void *)2);
#ifdef LATE
  memset(a + 4, 0, 4 * sizeof(int));
#endif
  int f = atomic_load(&flag);
  assert(f != 2 || a[2] == 3);
  assert(a[1] + a[2] != 3);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
