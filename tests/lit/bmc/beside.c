// The default run with --threads 2 or more: bmc runs beside the explicit
// engine from the start, on one of the threads, and whichever decides
// first stops the other (the explicit engine's answer wins when both do).
//
// Nine threads behind one mutex give vc 9! classes per nondet value (tens
// of seconds); the bug needs the nondet value 1000, which vc's range never
// draws and bmc finds at bound 1 in a fraction of a second: bmc decides and
// stops vc, which without the stop would run for all of its classes.
// RUN: %expect-exit 1 %vcdpor --threads 2 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --threads 2 --json - %s | %FileCheck %s --check-prefix=JSON
// Three threads and no bug: vc's answer holds for its nondet range only,
// bmc's bound is complete: bmc decides safe (whether vc had finished by
// then or was stopped).
// RUN: %expect-exit 0 %vcdpor --threads 2 -DN=3 -DSAFE %s | %FileCheck %s --check-prefix=SAFE
// realloc, which bmc refuses: vc decides alone, on the workers it has.
// RUN: %expect-exit 1 %vcdpor --threads 2 -DN=2 -DREALLOC %s | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 1 %vcdpor --threads 3 -DN=2 -DREALLOC --json - %s | %FileCheck %s --check-prefix=VC3
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#ifndef N
#define N 9
#endif
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int c;
void *inc(void *a) {
  pthread_mutex_lock(&m);
  c++;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t t[N];
  int v = __VERIFIER_nondet_int();
#ifndef SAFE
  if (v == 1000)
    reach_error();
#endif
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, inc, 0);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
#ifdef REALLOC
  int *p = malloc(sizeof(int));
  p = realloc(p, 2 * sizeof(int));
  free(p);
  assert(c != N);
#endif
  return 0;
}
// CHECK: vcdpor {{.*}} — engine bmc, beside vc on 1 worker
// CHECK-NEXT: Note: bmc ran beside vc on its own thread and decided; vc: stopped once bmc had decided.
// CHECK-NEXT: Error: assertion: error function called (reach_error)
// CHECK: T0: nondet 1000
// JSON: "engine": "bmc"
// JSON: "portfolio": {
// JSON-NEXT: "beside": true,
// JSON-NEXT: "bmc": "decided",
// JSON-NEXT: "decided_by": "bmc",
// JSON-NEXT: "explicit_share_s": 0.0,
// JSON-NEXT: "first": "vc",
// JSON-NEXT: "rerun_s": 0.0,
// JSON-NEXT: "why": "stopped once bmc had decided"
// SAFE: — engine bmc, beside vc on 1 worker
// SAFE-NEXT: Note: bmc ran beside vc on its own thread and decided; vc: {{stopped once bmc had decided|its answer held for the nondet range only}}.
// SAFE-NEXT: No errors found (every nondet value, loops unrolled {{[0-9]+}} times, which no execution exceeds).
// VC: — engine vc, 1 worker, bmc beside it on one more thread
// VC-NEXT: Note: bmc ran beside vc on its own thread ({{.*}}); vc decided.
// VC-NEXT: Error: assertion: assertion failed: c != N
// VC3: "engine": "vc"
// VC3: "decided_by": "vc"
// VC3: "threads": 2
