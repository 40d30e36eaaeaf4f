// Spin loops waiting on several locations, each written by its own thread:
// whichever write comes first wakes the loop, though writes of different
// locations do not conflict. Optimal-DPOR must explore at least one
// execution per happens-before class (without the waking rules it explored
// 5 of 6 with three locations and 14 of 16 with two spinners); it explores a
// few more, as the report notes. engine_agreement checks verdicts and
// "at least one per class" against exhaustive's oracle.
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s --check-prefix=OPT2
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes -DTHREE %s | %FileCheck %s --check-prefix=EXH3
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 -DTHREE %s | %FileCheck %s --check-prefix=OPT3
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes -DTWOSPIN %s | %FileCheck %s --check-prefix=EXH2S
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 -DTWOSPIN %s | %FileCheck %s --check-prefix=OPT2S
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --min-checked 4 %s %s@-DTHREE %s@-DTWOSPIN %s@-DBOTH
// OPT2: Executions: 5 (blocked 0, bounded 0)
// EXH3: Happens-before classes: 6
// OPT3: Executions: 6 (blocked 0, bounded 0)
// EXH2S: Happens-before classes: 16
// OPT2S: Executions: 17 (blocked 0, bounded 0)
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, y, w;
void *spinner(void *arg) {
#ifdef BOTH
  while (atomic_load(&y) == 0 || atomic_load(&x) == 0)
    ;
#elif defined(THREE)
  while (atomic_load(&y) == 0 && atomic_load(&x) == 0 && atomic_load(&w) == 0)
    ;
#else
  while (atomic_load(&y) == 0 && atomic_load(&x) == 0)
    ;
#endif
  return 0;
}
void *sety(void *arg) {
  atomic_store(&y, 1);
  return 0;
}
void *setx(void *arg) {
  atomic_store(&x, 1);
  return 0;
}
void *setw(void *arg) {
  atomic_store(&w, 1);
  return 0;
}
int main(void) {
  pthread_t a, b, c, d;
  pthread_create(&b, 0, spinner, 0);
#ifdef TWOSPIN
  pthread_create(&d, 0, spinner, 0);
#endif
  pthread_create(&a, 0, sety, 0);
  pthread_create(&c, 0, setx, 0);
#ifdef THREE
  pthread_create(&d, 0, setw, 0);
#endif
  return 0;
}
