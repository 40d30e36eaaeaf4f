// Message passing: the reader sees the flag and then the data. The only
// reads-from choice that fails the assertion (flag from the writer, data
// from the initial value) makes a cycle of the event order graph (the
// writer's data write precedes the read of the data, so rule 2 puts it
// before the initial value): every model of the failure is spurious and
// its cycle gives a core kernel reason that excludes it, so bmc-refine
// keeps at least one (other spurious models, such as a join reading a
// thread id before its store, add more).
// With -DRACY the writer sets the flag first, and the failure is real.
// RUN: %expect-exit 0 %vcdpor --engine=bmc-refine %s | %FileCheck %s --check-prefix=REFINE
// RUN: %expect-exit 0 %vcdpor --engine=bmc-refine --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 0 %vcdpor --engine=bmc-oc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %vcdpor --engine=bmc-refine -DRACY %s | %FileCheck %s --check-prefix=ERR
// RUN: %expect-exit 1 %vcdpor --engine=bmc-oc -DRACY %s | %FileCheck %s --check-prefix=ERR
// REFINE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// REFINE: Refinement: iterations {{[1-9][0-9]*}}   kernel reasons found {{[1-9][0-9]*}}   kept {{[1-9][0-9]*}}
// JSON: "refinement":
// JSON-DAG: "iterations": {{[1-9]}}
// JSON-DAG: "kernel_reasons_kept": {{[1-9]}}
// SAFE: No errors found (every nondet value, loops unrolled 1 times, which no execution exceeds).
// ERR: Error: assertion: assertion failed
#include <assert.h>
#include <pthread.h>

int data, flag;

void *writer(void *p) {
#ifdef RACY
  flag = 1;
  data = 1;
#else
  data = 1;
  flag = 1;
#endif
  return 0;
}

void *reader(void *p) {
  if (flag == 1)
    assert(data == 1);
  return 0;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  return 0;
}
