// An exchange that stores the value it found wakes no spin loop (it only
// read). vc cannot take it for the write the loop's re-read observes: under
// --vc-strict it refuses by name; without it, and in the default run,
// Optimal-DPOR explores the program in vc's place and agrees with exhaustive.
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict %s 2>&1 | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 0 %vcdpor --engine=vc %s 2>&1 | %FileCheck %s --check-prefix=FALLBACK
// RUN: %expect-exit 0 %vcdpor %s | %FileCheck %s --check-prefix=DEF
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 1 %s | %FileCheck %s --check-prefix=AGREE
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;

void *waiter(void *a) {
  while (!atomic_load(&flag))
    ;
  return 0;
}

void *other(void *a) {
  atomic_exchange(&flag, 0);
  atomic_store(&flag, 1);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, waiter, 0);
  pthread_create(&b, 0, other, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
// VC: vc: a spin loop whose re-read may observe an exchange that changes nothing
// VC-NOT: internal error
// FALLBACK: engine optimal
// FALLBACK: Note: vc cannot explore this program by values yet (a spin loop whose re-read may observe an exchange that changes nothing
// FALLBACK: No errors found
// FALLBACK: Executions: 3 (blocked 0, bounded 0)
// DEF: engine optimal
// DEF: No errors found
// AGREE: checked 1 programs (vc on 0, refused 1), 0 skipped, 0 failing
