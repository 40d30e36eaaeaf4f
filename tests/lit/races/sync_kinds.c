// Data races: two accesses of one location by different threads, one a
// write, one not atomic, that synchronisation does not order. Here creation,
// join, a mutex, an atomic flag that publishes plain data (the read observes
// the store) and a condition variable's mutex order them; accesses inside
// atomic sections count as atomic. -DRACE adds a read of x that nothing
// orders with the child's write; -DFLAG publishes through a plain flag (the
// flag and the data race); -DSTALE reads the data without checking the
// flag. Every engine that checks races reports them as warnings (verdict
// and exit code stand); vc says it does not check them.
// RUN: %expect-exit 0 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 0 %vcdpor --engine=source %s | %FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s | %FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 0 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 0 %vcdpor --engine=optimal -DRACE %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive -DRACE %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 0 %vcdpor --engine=source --opt=0 -DRACE %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 0 %vcdpor --engine=optimal -DFLAG %s | %FileCheck %s --check-prefix=FLAG
// RUN: %expect-exit 0 %vcdpor --engine=optimal -DSTALE %s | %FileCheck %s --check-prefix=STALE
// RUN: %expect-exit 1 %vcdpor --engine=optimal --data-races=error -DRACE %s | %FileCheck %s --check-prefix=ERR
// RUN: %expect-exit 0 %vcdpor --engine=optimal --data-races=off -DRACE %s | %FileCheck %s --check-prefix=OFF
// RUN: %expect-exit 0 %vcdpor --engine=vc -DRACE %s | %FileCheck %s --check-prefix=VC
// RUN: %expect-exit 1 %vcdpor --data-races=error -DRACE %s | %FileCheck %s --check-prefix=DEFAULT
// RUN: %expect-exit 0 %vcdpor --engine=optimal -DRACE --json - %s | %FileCheck %s --check-prefix=JSON
// NONE: No errors found
// NONE: Data races: checked in every execution explored; 0 found
// RACE: Warning: data-race: data race on x: {{(read by thread 0 at .*sync_kinds.c:104, write by thread 1 at .*sync_kinds.c:77|write by thread 1 at .*sync_kinds.c:77, read by thread 0 at .*sync_kinds.c:104)}}
// RACE: : race: data race on x:
// RACE: No errors found
// RACE: 1 found (warnings
// FLAG-DAG: Warning: data-race: data race on plain_flag: {{.*}}sync_kinds.c:91{{.*}}sync_kinds.c:70
// FLAG-DAG: Warning: data-race: data race on z: {{.*}}sync_kinds.c:{{68|97}}{{.*}}sync_kinds.c:{{97|68}}
// FLAG: 2 found
// STALE: Warning: data-race: data race on z: {{.*}}sync_kinds.c:{{68|97}}{{.*}}sync_kinds.c:{{97|68}}
// STALE: 1 found
// ERR: Error: data-race: data race on x
// ERR-NOT: No errors found
// OFF-NOT: Warning
// OFF: No errors found
// OFF-NOT: Data races
// VC: No errors found
// VC: Data races: not checked (engine vc
// DEFAULT: Note: vc cannot explore this program by values yet {{.*}}data races
// DEFAULT: Error: data-race: data race on x
// JSON: "data_races": {
// JSON-NEXT: "checked": true,
// JSON-NEXT: "mode": "warn"
// JSON: "verdict": "safe"
// JSON: "warnings": [
// JSON: "kind": "data-race",
#include <pthread.h>
#include <stdatomic.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int x, y, z, w, v, c_data;
int plain_flag;
atomic_int flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *t(void *a) {
  pthread_mutex_lock(&m);
  y++;
  c_data = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  z = 5;
#ifdef FLAG
  plain_flag = 1;
#else
  atomic_store(&flag, 1);
#endif
  __VERIFIER_atomic_begin();
  w++;
  __VERIFIER_atomic_end();
  x = 1;
  return 0;
}

int main(void) {
  v = 1; // before the thread exists
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  pthread_mutex_lock(&m);
  y++;
  while (!c_data)
    pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
#ifdef FLAG
  if (plain_flag) {
#elif defined(STALE)
  {
#else
  if (atomic_load(&flag)) {
#endif
    int r = z;
    (void)r;
  }
  __VERIFIER_atomic_begin();
  w++;
  __VERIFIER_atomic_end();
#ifdef RACE
  int s = x;
  (void)s;
#endif
  pthread_join(h, 0);
  x = 2;
  return v - 1;
}
