// Three writers each read x, which main sets, into seen[id], then write
// last; nothing reads seen or last. VHB orders the writers' writes of last
// (3! orders for each of the 2^3 combinations of values read: 48 classes,
// as many as optimal explores). No instruction can read last or seen (their
// addresses serve only stores, interpreter/UnreadGlobals.cpp), so vc leaves
// the order of their writes out of the class: 8 executions, one per
// combination of values read; --vhb-exact explores all 48.
// The variants read last back, each another way its address can escape:
// -DVIA_SELECT (a pointer chosen at run time), -DVIA_CALL (a function that
// reads through its argument), -DVIA_INIT (another global's initializer).
// last is then readable and its writes ordered; unread_writes_agree.test
// runs them against exhaustive. With calls, selects and phis taken for
// stores, vc reported no errors on -DVIA_SELECT and -DVIA_CALL at --opt=0.
// RUN: %vcdpor --engine=vc --opt=0 --all-errors --json - %s | %FileCheck %s
// RUN: %vcdpor --engine=vc --opt=0 --all-errors --vhb-exact --json - %s | %FileCheck %s --check-prefix=EXACT
// RUN: %vcdpor --engine=exhaustive --opt=0 --count-vhb-classes %s | %FileCheck %s --check-prefix=ORACLE
// RUN: %vcdpor --engine=vc --opt=0 %s | %FileCheck %s --check-prefix=TEXT
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 -DVIA_SELECT %s | %FileCheck %s --check-prefix=SELECT
// CHECK: "executions": 8,
// CHECK: "unread_locations": 4
// CHECK: "verdict": "safe"
// EXACT: "executions": 48,
// EXACT: "unread_locations": 0
// ORACLE: Value-happens-before classes: 48 (8 with unread writes unordered)
// TEXT: Executions: 8 (blocked 0, bounded 0)
// TEXT: Unread writes: 4 locations that no instruction reads were written; their writes were left unordered (--vhb-exact orders them)
// SELECT: Error: assertion: assertion failed: *p != 2
// SELECT: Unread writes: 3 locations
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

atomic_int x;
int seen[4];
int last, other;
#ifdef VIA_INIT
int *gp = &last;
#endif

#ifdef VIA_CALL
static int get(int *p) { return *p; }
#endif

// The root (the first thread main creates): no access to shared memory.
void *idle(void *arg) { return arg; }

void *writer(void *arg) {
  int id = (int)(intptr_t)arg;
  seen[id] = x;
  last = id;
  return arg;
}

int main(int argc, char **argv) {
  pthread_t r, t[3];
  pthread_create(&r, 0, idle, 0);
  for (intptr_t i = 0; i < 3; i++)
    pthread_create(&t[i], 0, writer, (void *)(i + 1));
  x = 1;
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  pthread_join(r, 0);
#if defined(VIA_SELECT)
  int *p = argc > 100 ? &other : &last;
  assert(*p != 2);
#elif defined(VIA_CALL)
  assert(get(&last) != 2);
#elif defined(VIA_INIT)
  assert(*gp != 2);
#endif
  return 0;
}
