// Without --engine, vc explores the program; where vc refuses it (here a
// free of an object another thread can reach), Optimal-DPOR explores it
// instead, says so, and finds the bug; so does --engine=vc, and
// --engine=vc --vc-strict keeps the refusal an error.
// RUN: %expect-exit 1 %vcdpor --opt=0 %S/../basic/lost_update.c | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 1 %vcdpor --opt=0 %s | %FileCheck %s --check-prefix=FALLBACK
// With --threads 2, bmc runs beside vc and Optimal-DPOR on one of the
// threads (bmc/beside.c); REALLOC makes bmc refuse, so that the explicit
// engines' answer is the one reported.
// RUN: %expect-exit 1 %vcdpor --opt=0 --threads 2 --timeout 30 --json - -DREALLOC %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 2 %vcdpor --opt=0 --engine=vc --vc-strict %s 2>&1 | %FileCheck %s --check-prefix=REFUSED
// RUN: %expect-exit 1 %vcdpor --opt=0 --engine=vc %s | %FileCheck %s --check-prefix=ASKED
// RUN: %expect-exit 0 %vcdpor --opt=0 -DNO_BUG %s | %FileCheck %s --check-prefix=SAFE

// VC: engine vc, 1 worker
// VC-NOT: Note: the default engine
// VC: Error: assertion: assertion failed: counter == 2
// VC: VC-DPOR: root thread 1

// FALLBACK: engine optimal, 1 worker
// FALLBACK-NEXT: Note: vc cannot explore this program by values yet (free of a shared object (thread 0{{.*}}), met after {{[0-9.]+}} s); Optimal-DPOR explored its Mazurkiewicz classes instead, which refine vc's value classes: the verdict is the same, the count is Optimal-DPOR's. --engine=vc --vc-strict makes this a refusal.
// FALLBACK: Error: assertion: assertion failed: x == 0
// FALLBACK: T1: write  x := 1
// FALLBACK: T0: read   x = 1
// FALLBACK-NOT: VC-DPOR:

// JSON: "engine": "optimal",
// JSON: "fallback": {
// JSON-NEXT: "after_s": {{[0-9.e-]+}},
// JSON-NEXT: "engine_requested": false,
// JSON-NEXT: "from": "vc",
// JSON-NEXT: "internal_error": false,
// JSON-NEXT: "reason": "free of a shared object (thread 0{{.*}})",
// JSON-NEXT: "threads_requested": 2,
// JSON-NEXT: "to": "optimal"
// JSON: "threads": 1,
// JSON: "verdict": "error"

// ASKED: engine optimal, 1 worker
// ASKED-NEXT: Note: vc cannot explore{{.*}} --vc-strict makes this a refusal.
// ASKED: Error: assertion: assertion failed: x == 0

// REFUSED: vcdpor: error: {{.*}}default_engine.c: vc: free of a shared object (thread 0{{.*}}) is not supported by this engine yet; use --engine=optimal

// In the safe variant the join orders T1's write of x before main's read,
// and the free touches only b: one Mazurkiewicz class.
// SAFE: engine optimal, 1 worker
// SAFE: No errors found
// SAFE: Executions: 1 (blocked 0, bounded 0)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int x;

void *worker(void *b) {
  x = 1;
  return 0;
}

int main(void) {
  int *b = malloc(sizeof(int));
  pthread_t t;
  pthread_create(&t, 0, worker, b); // b escapes: shared
  free(b);
#ifdef REALLOC
  free(realloc(malloc(1), 2));
#endif
#ifndef NO_BUG
  assert(x == 0);
#else
  pthread_join(t, 0);
  assert(x == 1);
#endif
  return 0;
}
