// vc cannot yet handle a mutex operation inside an atomic section: with
// --vc-strict it refuses the program with a named error and exit code 2;
// without it, Optimal-DPOR explores the program in vc's place.
// RUN: %expect-exit 2 %vcdpor --engine=vc --vc-strict %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=vc --json - %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 2 %vcdpor --vc-strict %s 2>&1 | %FileCheck %s --check-prefix=USAGE
// JSON: "engine": "optimal",
// JSON: "fallback": {
// JSON-NEXT: "after_s": {{[0-9.e-]+}},
// JSON-NEXT: "engine_requested": true,
// JSON-NEXT: "from": "vc",
// JSON-NEXT: "internal_error": false,
// JSON-NEXT: "reason": "lock inside an atomic section (thread {{[0-9]+}}, {{.*}}refuses_atomic_lock.c:[[@LINE+13]])",
// JSON-NEXT: "threads_requested": 1,
// JSON-NEXT: "to": "optimal"
// JSON: "verdict": "safe"
// USAGE: --vc-strict applies to --engine=vc only
// CHECK: vcdpor: error: {{.*}}refuses_atomic_lock.c: vc: lock inside an atomic section (thread {{[0-9]+}}, {{.*}}refuses_atomic_lock.c:[[@LINE+8]]) is not supported by this engine yet; use --engine=optimal
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *inc(void *a) {
  __VERIFIER_atomic_begin();
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  inc(0);
  pthread_join(t, 0);
  return 0;
}
