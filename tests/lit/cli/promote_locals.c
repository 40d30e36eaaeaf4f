// vcdpor keeps a scalar local in a register when its address is never taken
// (mem2reg), even at -O0: its accesses are never visible events. A local
// whose address a thread receives stays in memory and is shared (main keeps
// two locals in memory: shared and the pthread_t; steps and i are gone). Both
// engines find the lost update on the shared local, with the same counts
// from the .c file and from the emitted (promoted) module.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --emit-ll %t.ll %s | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=IR < %t.ll
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --all-errors %t.ll | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s --check-prefix=VC
// CHECK: Error: assertion: assertion failed: shared == 2
// CHECK: Executions: 6 (blocked 0, bounded 0)
// IR-LABEL: define {{.*}} @bump(
// IR-NOT: alloca
// IR: ret
// IR-LABEL: define {{.*}} @main(
// IR-NEXT: alloca i32
// IR-NEXT: alloca i64
// IR-NOT: alloca
// IR: ret
// VC: Error: assertion: assertion failed: shared == 2
#include <assert.h>
#include <pthread.h>

void *bump(void *arg) {
  int *p = arg;
  int old = *p;
  *p = old + 1;
  return 0;
}

int main(void) {
  int shared = 0;
  int steps = 2;
  pthread_t t;
  pthread_create(&t, 0, bump, &shared);
  for (int i = 1; i < steps; ++i)
    bump(&shared);
  pthread_join(t, 0);
  assert(shared == 2);
  return 0;
}
