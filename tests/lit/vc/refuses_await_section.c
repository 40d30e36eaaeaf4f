// A spin loop whose iteration starts an atomic section: woken, the thread's
// next event is the section's start, not the re-read an await stands for,
// so vc cannot take the program (before, the replay diverged with an
// internal error at -O1): --vc-strict refuses it with a named error and exit
// code 2, and otherwise Optimal-DPOR explores it in vc's place.
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict --opt=0 %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict --opt=1 %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s --check-prefix=OPT
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s --check-prefixes=FB,OPT
// CHECK: vcdpor: error: {{.*}}refuses_await_section.c: vc: a spin loop around an atomic section (thread 0, {{.*}}refuses_await_section.c:[[@LINE+18]]) is not supported by this engine yet; use --engine=optimal
// FB: engine optimal, 1 worker
// FB-NEXT: Note: vc cannot explore this program by values yet (a spin loop around an atomic section (thread 0, {{.*}}refuses_await_section.c:[[@LINE+16]]), met after
// OPT: No errors found
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x;
void *setter(void *a) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  for (;;) {
    __VERIFIER_atomic_begin();
    __VERIFIER_atomic_end();
    if (x)
      break;
  }
  pthread_join(t, 0);
  return 0;
}
