// Spin loops waiting on several locations, each written by its own thread:
// whichever write comes first wakes the loop, though writes of different
// locations do not conflict. Optimal-DPOR must explore every happens-before
// class (--count-hb-classes on its own run counts the classes among the
// executions it explored). Without the waking rules it explored 5 of 6 with
// three locations and 14 of 16 with two spinners; until the loop's next read
// ended each rival-waker reversal, a sleeping write of another awaited
// location covered the reversal and 1 of 6 (three locations) and 2 of 16
// (two spinners) stayed missing behind redundant executions. It explores a
// few more executions than classes, as the report notes. engine_agreement
// checks verdicts and classes against exhaustive's oracle.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefix=CLS2
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes %s | %FileCheck %s --check-prefixes=OPT2,CLS2
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes -DTHREE %s | %FileCheck %s --check-prefix=CLS3
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes -DTHREE %s | %FileCheck %s --check-prefixes=OPT3,CLS3
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-hb-classes -DTWOSPIN %s | %FileCheck %s --check-prefix=CLS2S
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 --count-hb-classes -DTWOSPIN %s | %FileCheck %s --check-prefixes=OPT2S,CLS2S
// RUN: %python %srcroot/tests/dpor/engine_agreement.py --vcdpor %vcdpor --checked 4 %s %s@-DTHREE %s@-DTWOSPIN %s@-DBOTH
// OPT2: Executions: 5 (blocked 0, bounded 0)
// CLS2: Happens-before classes: 4
// OPT3: Executions: 9 (blocked 0, bounded 0)
// CLS3: Happens-before classes: 6
// OPT2S: Executions: 21 (blocked 0, bounded 0)
// CLS2S: Happens-before classes: 16
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
