// --max-executions ends every engine's exploration after exactly that many
// executions (complete, blocked and sleep-set blocked alike), with verdict
// unknown, exit 3 and the statistics of what was covered.
// AGREEMENT-SKIP: made to run past --max-executions
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --max-executions 500 --json %t.exh.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.exh.json --max-executions 500 | %FileCheck %s --check-prefix=EXH
// RUN: %expect-exit 3 %vcdpor --engine=source --opt=0 --max-executions 500 --json %t.src.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.src.json --max-executions 500 | %FileCheck %s --check-prefix=SOURCE
// RUN: %expect-exit 3 %vcdpor --engine=optimal --opt=0 --max-executions 500 --json %t.opt.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.opt.json --max-executions 500 | %FileCheck %s --check-prefix=OPTIMAL
// The same limit on a program whose executions are mostly blocked: the
// limit counts those too.
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --max-executions 37 --json %t.blk.json %s -DBLOCKING
// RUN: %python %S/../Inputs/check_limit.py %t.blk.json --max-executions 37 | %FileCheck %s --check-prefix=BLOCKED
// RUN: %expect-exit 3 %vcdpor --engine=vc --opt=0 --max-executions 500 --json %t.vc.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.vc.json --max-executions 500 | %FileCheck %s --check-prefix=VC
#include <pthread.h>

extern void __VERIFIER_assume(int);

int x, y;

void *worker(void *arg) {
  for (int i = 0; i < 3; i++) {
    x = i;
    y = x;
  }
#ifdef BLOCKING
  __VERIFIER_assume(x == 1);
#endif
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return 0;
}
// Three threads of three write/read pairs on x: thousands of classes for
// the DPOR engines, far more interleavings for exhaustive.
// EXH: check_limit: exhaustive max-executions: measured 500, overshoot +0.00%, 500 executions covered
// SOURCE: check_limit: source max-executions: measured 500, overshoot +0.00%, 500 executions covered
// OPTIMAL: check_limit: optimal max-executions: measured 500, overshoot +0.00%, 500 executions covered
// BLOCKED: check_limit: exhaustive max-executions: measured 37, overshoot +0.00%, 37 executions covered
// VC: check_limit: vc max-executions: measured 500, overshoot +0.00%, 500 executions covered
