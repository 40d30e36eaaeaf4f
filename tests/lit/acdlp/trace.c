// --acdlp-trace: the search, readable on a small program. A parity that
// intervals cannot express needs decisions down to single values, and the
// conflicts they meet are learned as clauses over bounds.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --solver=acdlp --acdlp-trace %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=bmc --solver=acdlp --acdlp-restarts %s | %FileCheck %s --check-prefix=RESTARTS
// RUN: %expect-exit 1 %vcdpor --engine=bmc --solver=acdlp --acdlp-decisions=bits %s | %FileCheck %s --check-prefix=RESTARTS
#include <assert.h>
unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c > 200 && (c & 1) == 0 && c % 3 == 1)
    assert(c != 202 && c != 208 && c != 214);
  return 0;
}
// CHECK: acdlp: query of {{[0-9]+}} nodes
// CHECK: decide @1:
// CHECK: conflict @
// CHECK: learn (
// CHECK: every node has one value: sat
// CHECK: Error: assertion: assertion failed
// RESTARTS: Error: assertion: assertion failed
// RESTARTS: Solver: acdlp
