// unsigned long is 32 bits in ILP32: a counter made of a nondet unsigned
// int wraps to 0 there and never as LP64. bmc draws every value and finds
// the wrap only in ILP32; the explicit engines, limited to the default
// nondet range, say bounded, never safe. An SV-COMP task whose data_model
// is ILP32 is checked with -m32 (Inputs/ulong_wrap.yml: expected false),
// unless --data-model says otherwise, which is noted.
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=bmc %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --data-model=LP64 --engine=bmc %s | %FileCheck %s --check-prefix=LP64
// RUN: %expect-exit 4 %vcdpor --data-model=ILP32 --engine=optimal %s | %FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 0 %vcdpor %S/Inputs/ulong_wrap.yml | %FileCheck %s --check-prefix=TASK
// RUN: %expect-exit 5 %vcdpor --data-model=LP64 %S/Inputs/ulong_wrap.yml | %FileCheck %s --check-prefix=OVERRIDE
// Bad data models, and a module whose pointers contradict the option.
// RUN: %expect-exit 2 %vcdpor --data-model=ILP64 %s 2>&1 | %FileCheck %s --check-prefix=BADOPT
// RUN: %clang -S -emit-llvm -O0 -o %t.ll %s
// RUN: %expect-exit 2 %vcdpor --data-model=ILP32 %t.ll 2>&1 | %FileCheck %s --check-prefix=MISMATCH
// CHECK: engine bmc, 1 worker, ILP32
// CHECK: Error: assertion: error function called (reach_error)
// CHECK: T1: nondet -1
// LP64: engine bmc, 1 worker
// LP64-NOT: ILP32
// LP64: No errors found
// BOUNDED: Bounded
// TASK: engine {{.*}}, ILP32
// TASK: ulong_wrap.yml, property unreach-call: FALSE(unreach-call), expected FALSE(unreach-call): correct
// OVERRIDE: ulong_wrap.yml, property unreach-call: TRUE, expected FALSE(unreach-call): WRONG
// OVERRIDE: Note: the task's data model is ILP32; vcdpor checked the program as LP64 (--data-model).
// BADOPT: --data-model 'ILP64': expected LP64 or ILP32
// MISMATCH: --data-model=ILP32, but the module is LP64 (8-byte pointers)
#include <pthread.h>

extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);

unsigned long total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *add(void *arg) {
  unsigned long x = __VERIFIER_nondet_uint();
  pthread_mutex_lock(&m);
  total += x;
  total += 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, add, 0);
  pthread_join(t, 0);
  if (total == 0)
    reach_error();
  return 0;
}
