// Classes counted without a look-up of their signature (stats.unique_classes,
// Vc::distinctWrites() in dpor/VcNode.cpp): where no two writes of a
// location write the same value, a read's value names the write it
// observes, so no other node can denote the class. The initial value counts
// only where some read may observe it: -DHIDE sets x to its initial value
// before the threads start, which hides the initial write from every read.
// Equal values (-DVAL=0 against the initial 0) take the look-up. Counts:
// the exhaustive explorer's --count-vhb-classes.
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 --json=- %s | %FileCheck %s --check-prefix=DISTINCT
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 --json=- -DHIDE %s | %FileCheck %s --check-prefix=DISTINCT
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 --json=- -DVAL=0 %s | %FileCheck %s --check-prefix=EQUAL
// RUN: %expect-exit 0 %vcdpor --engine=vc --opt=0 --json=- -DVAL=0 -DHIDE %s | %FileCheck %s --check-prefix=EQUAL
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes -DVAL=0 %s | %FileCheck %s --check-prefix=ORACLE0
// DISTINCT: "executions": 2,
// DISTINCT: "redundant_classes": 0,
// DISTINCT: "unique_classes": 2
// EQUAL: "executions": 1,
// EQUAL: "redundant_classes": 0,
// EQUAL: "unique_classes": 0
// ORACLE: Value-happens-before classes: 2
// ORACLE0: Value-happens-before classes: 1
#include <pthread.h>
#ifndef VAL
#define VAL 1
#endif
int x, y;
void *writer(void *a) {
  x = VAL;
  y = 2;
  return 0;
}
void *reader(void *a) {
  int r = x;
  y = r + 3;
  return 0;
}
int main(void) {
#ifdef HIDE
  x = 0;
#endif
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
