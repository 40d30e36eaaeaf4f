// The bit-manipulation intrinsics (llvm.ctpop, ctlz, cttz, bswap, fshl and
// fshr) in bmc, as the interpreter computes them: bmc proves the identities
// below for every 32-bit value, and each -DBUGn variant is a false one whose
// counterexample the interpreter confirms by replay (a disagreement between
// the two semantics would be an internal error there). At --opt=0 the
// calls stay in the module as written; at -O1 clang folds some identities
// and turns rotl into llvm.fshl.
// RUN: %expect-exit 0 %vcdpor --engine=bmc %s | %FileCheck %s --check-prefix=PROOF
// RUN: %expect-exit 0 %vcdpor --engine=bmc --opt=0 %s | %FileCheck %s --check-prefix=PROOF
// RUN: %expect-exit 4 %vcdpor --engine=optimal --nondet-range 0:40 %s | %FileCheck %s --check-prefix=RANGE
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBUG1 %s | %FileCheck %s --check-prefix=BUG1
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBUG2 %s | %FileCheck %s --check-prefix=BUG2
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBUG3 %s | %FileCheck %s --check-prefix=BUG3
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DBUG4 %s | %FileCheck %s --check-prefix=BUG4
// PROOF: No errors found
// PROOF-NOT: Bounded
// RANGE: Bounded: no errors found
// BUG1: Error: assertion: assertion failed: __builtin_popcount(x) != 3
// BUG2: Error: assertion: assertion failed: __builtin_bswap32(x) != 0x12345678u
// BUG3: Error: assertion: assertion failed: rotl(x, r) != 0x80000001u
// BUG4: Error: assertion: assertion failed: x == 0 || __builtin_clz(x) + __builtin_ctz(x) != 30
#include <assert.h>

extern unsigned __VERIFIER_nondet_uint(void);

static unsigned rotl(unsigned x, unsigned r) {
  return (x << (r & 31)) | (x >> ((32 - r) & 31));
}

int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), r = __VERIFIER_nondet_uint();
  assert(__builtin_popcount(x & 0xf0) <= 4);
  assert(x == 0 || (x >> __builtin_ctz(x)) & 1);
  assert(x == 0 || (x << __builtin_clz(x)) >> 31 == 1);
  assert(__builtin_bswap32(__builtin_bswap32(x)) == x);
  assert(((__builtin_bswap32(x) >> 24) & 0xff) == (x & 0xff));
  assert(rotl(rotl(x, r), 32 - (r & 31)) == x);
  assert((__builtin_bswap16((unsigned short)x) & 0xff) == ((x >> 8) & 0xff));
#ifdef BUG1
  assert(__builtin_popcount(x) != 3);
#endif
#ifdef BUG2
  assert(__builtin_bswap32(x) != 0x12345678u);
#endif
#ifdef BUG3
  assert(rotl(x, r) != 0x80000001u);
#endif
#ifdef BUG4
  assert(x == 0 || __builtin_clz(x) + __builtin_ctz(x) != 30);
#endif
  return 0;
}
