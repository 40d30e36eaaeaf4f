// A returning thread's stack frame dying is an event: it conflicts with
// the child's write through the pointer it was given. The child's write
// comes before the death (main then sees flag set) or after it (a use of
// a dead stack object). Before, exhaustive and the DPOR engines found only
// the memory error; vc found neither.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --all-errors %s | %FileCheck %s --check-prefixes=CHECK,BOTH
// RUN: %expect-exit 1 %vcdpor --engine=source --all-errors %s | %FileCheck %s --check-prefixes=CHECK,BOTH
// RUN: %expect-exit 1 %vcdpor --engine=optimal --all-errors %s | %FileCheck %s --check-prefixes=CHECK,BOTH,OPT
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict %s 2>&1 | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 1 %vcdpor --engine=vc --all-errors %s | %FileCheck %s --check-prefixes=CHECK,BOTH,VCFB
// RUN: %expect-exit 1 %vcdpor --all-errors %s | %FileCheck %s --check-prefixes=CHECK,BOTH
#include <assert.h>
#include <pthread.h>

int flag;

void *child(void *a) {
  int *p = a;
  *p = 1;
  flag = 1;
  return 0;
}

void *creator(void *a) {
  int x = 0;
  pthread_t c;
  pthread_create(&c, 0, child, &x);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, creator, 0);
  pthread_join(t, 0);
  int f = flag;
  assert(f == 0);
  return 0;
}
// VCFB: Note: vc cannot explore this program by values yet (free of a shared object (thread 1, {{.*}}stack_frame_death.c:{{[0-9]+}}), met after
// CHECK: Error: memory: use of dead stack object
// CHECK: T1: free   stack@creator
// CHECK: T2: error: use of dead stack object
// BOTH: Error: assertion: assertion failed: f == 0
// OPT: Executions: 3 (blocked 0, bounded 0)
// VC: vc: free of a shared object (thread 1, {{.*}}stack_frame_death.c:{{[0-9]+}}) is not supported by this engine yet
