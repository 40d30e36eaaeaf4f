// Under --timeout the default run gives the explicit engine half of the
// time first and bmc the rest: here vc can never finish (threads are
// created until the thread limit, in every order) and the bug needs a
// nondet value outside vc's range, which bmc finds in its first bound.
// AGREEMENT-SKIP: creates threads for ever (each execution up to the thread limit), made for the time limit
// RUN: %expect-exit 1 %vcdpor --opt=0 --timeout 6 %s | %FileCheck %s
// CHECK: Note: vc could not decide (the timeout limit stopped it); bmc decided.
// CHECK: Note: under --timeout 6 s the explicit engine had 3 s first, bmc what was left.
// CHECK: Error: assertion
// RUN: %expect-exit 1 %vcdpor --opt=0 --timeout 6 --json - %s | %FileCheck %s --check-prefix=JSON
// JSON: "portfolio": {
// JSON: "bmc": "decided",
// JSON: "decided_by": "bmc",
// JSON: "explicit_share_s": 3.0,
// JSON: "rerun_s": 0.0,
// With a construct bmc does not model, bmc ends at once and vc explores
// again, from the start, with the time left:
// RUN: %expect-exit 3 %vcdpor --opt=0 --timeout 4 -DREFUSED %s | %FileCheck %s --check-prefix=AGAIN
// AGAIN: Note: vc could not decide (the timeout limit stopped it); bmc could not either: {{.*}}memset (a block fill), which bmc does not model.
// AGAIN: Note: under --timeout 4 s the explicit engine had 2 s first, bmc what was left; bmc ended early, so vc explored again from the start with the {{1\.[0-9]|2\.0}} s left (the counts are that run's).
// AGAIN: Unknown: the timeout limit was reached
// Without --timeout nothing is split: with two threads vc ends, its "no
// errors" held for the nondet range only, and bmc decides.
// RUN: %expect-exit 1 %vcdpor --opt=0 -DTWO --json - %s | %FileCheck %s --check-prefix=NOSPLIT
// NOSPLIT: "portfolio": {
// NOSPLIT: "bmc": "decided",
// NOSPLIT: "explicit_share_s": 0.0,
// NOSPLIT: "why": "its answer held for the nondet range only"
#include <assert.h>
#include <pthread.h>
#include <string.h>

extern unsigned __VERIFIER_nondet_uint(void);
int x;

void *worker(void *arg) {
  (void)arg;
  x = x + 1;
  return 0;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
#ifdef REFUSED
  char buf[8];
  memset(buf, 0, sizeof buf);
  n += (unsigned)buf[n & 7];
#endif
  assert(n != 5);
  pthread_t t;
#ifdef TWO
  for (int i = 0; i < 2; i++)
#else
  while (1)
#endif
    pthread_create(&t, 0, worker, 0);
}
