// x + 1 is a signed addition (LLVM's nsw): it overflows for x = INT_MAX,
// which C leaves undefined. chc does not model signed wrap-around, so the
// overflow query is derivable and the answer is unknown, never safe or
// unsafe. Unsigned arithmetic (no nsw) wraps exactly: 2u * x >= x holds for
// x < 2^31 and is proved. --chc-wrap models signed wrap-around too.
// RUN: %expect-exit 3 %vcdpor --engine=chc %s | %FileCheck %s
// RUN: %expect-exit 3 %vcdpor --engine=chc --json=- %s | %FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 0 %vcdpor --engine=chc --chc-wrap %s | %FileCheck %s --check-prefix=WRAP
// RUN: %expect-exit 0 %vcdpor --engine=chc -DUNSIGNED %s | %FileCheck %s --check-prefix=WRAP
// CHECK: Unknown: the program may wrap around (a sum above the i32 range at {{.*}}c_overflow.c:[[#@LINE+19]]); chc models integers without wrap-around. Nondet values reaching it: 2147483647.
// CHECK: CHC result: unsat
// JSON: "limit": "the program may wrap around
// JSON: "overflow": "a sum above the i32 range
// JSON: "verdict": "unknown"
// WRAP: No errors found
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main() {
#ifdef UNSIGNED
  unsigned x = __VERIFIER_nondet_uint();
  if (x < 0x80000000u) {
    unsigned y = x + x;
    __VERIFIER_assert(y >= x);
  }
  return 0;
#else
  int x = __VERIFIER_nondet_int();
  return x + 1;
#endif
}
