// --max-memory ends every engine's exploration with verdict unknown, exit 3,
// the statistics of what was covered, and a reported peak resident memory
// at most 5% over the limit. Execution k allocates 4k MiB in 64 KiB blocks,
// so memory grows both across executions and fast within one: the limit is
// checked before the program's allocations (at least once per MiB), not
// only every so many instructions.
// (96 MB: with Z3 linked, the sanitized build at 64 MB stopped after 4
// executions, its own start-up taking most of the limit.)
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:30 --max-memory 96 --json %t.exh.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.exh.json --max-memory 96 --min-executions 5 | %FileCheck %s --check-prefix=EXH
// RUN: %expect-exit 3 %vcdpor --engine=source --opt=0 --nondet-range 0:30 --max-memory 96 --json %t.src.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.src.json --max-memory 96 --min-executions 5 | %FileCheck %s --check-prefix=SOURCE
// RUN: %expect-exit 3 %vcdpor --engine=optimal --opt=0 --nondet-range 0:30 --max-memory 96 --json %t.opt.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.opt.json --max-memory 96 --min-executions 5 | %FileCheck %s --check-prefix=OPTIMAL
// One allocation larger than what is left under the limit stops the run
// before it is made.
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:30 --max-memory 96 --json %t.big.json %s -DBIG
// RUN: %python %S/../Inputs/check_limit.py %t.big.json --max-memory 96 --min-executions 0 | %FileCheck %s --check-prefix=BIG
// VC-DPOR frees a state's memory at every rebased run, which the sanitized
// build keeps in quarantine and the resident size counts: without
// quarantine there, as in a release build, the limit sees the search's own.
// RUN: env ASAN_OPTIONS=quarantine_size_mb=0:detect_leaks=0 %expect-exit 3 %vcdpor --engine=vc --opt=0 --nondet-range 0:30 --max-memory 96 --json %t.vc.json %s
// RUN: %python %S/../Inputs/check_limit.py %t.vc.json --max-memory 96 --min-executions 5 | %FileCheck %s --check-prefix=VC
// Wherever the limit strikes (inside a rebase, a replay, or the sanitized
// build's cross-check of a rebase against its replay), the answer is unknown,
// never an internal error.
// RUN: env ASAN_OPTIONS=quarantine_size_mb=0:detect_leaks=0 %python %S/../Inputs/limit_sweep.py 80 124 1 %vcdpor --engine=vc --opt=0 --nondet-range 0:30 %s | %FileCheck %s --check-prefix=SWEEP
// SWEEP: limit_sweep: 0 of 45 runs ended other than with exit 3
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
#ifdef BIG
  char *p = malloc(200 << 20);
  p[0] = (char)k;
#else
  for (int i = 0; i < k * 64; i++) {
    char *p = malloc(64 << 10);
    p[0] = 1;
  }
#endif
  return 0;
}
// EXH: check_limit: exhaustive max-memory: measured
// SOURCE: check_limit: source max-memory: measured
// OPTIMAL: check_limit: optimal max-memory: measured
// BIG: check_limit: exhaustive max-memory: measured
// VC: check_limit: vc max-memory: measured
