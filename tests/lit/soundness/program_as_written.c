// The program as written is checked at every --opt level: accesses other
// threads may see are made volatile before clang optimises, so a racy
// load is not forwarded from an earlier one (here y == x would fold to
// true and the bug vanish at -O1 and -O2), and a spin loop's load is not
// hoisted out of its loop. The pattern is SV-COMP's read_write_lock-2.
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=1 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=2 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal --opt=2 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=2 -DSPIN %s | %FileCheck %s --check-prefix=SPIN
extern void reach_error(void);
#include <pthread.h>

int x, y, flag;

void *writer(void *a) {
  x = 3;
#ifdef SPIN
  flag = 1;
#endif
  return 0;
}

void *reader(void *a) {
#ifdef SPIN
  while (!flag)
    ;
  reach_error();
#else
  int l = x;
  y = l;
  if (y != x)
    reach_error();
#endif
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, writer, 0);
  pthread_create(&t2, 0, reader, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
// CHECK: Error: assertion: error function called (reach_error)
// CHECK: T2: read   x = 0
// CHECK: T1: write  x := 3
// CHECK: T2: read   x = 3
// SPIN: Error: assertion: error function called (reach_error)
// SPIN: T1: write  flag := 1
// SPIN: T2: read   flag = 1
