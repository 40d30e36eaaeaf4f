// x + x leaves the range of int for x near 2^31 (unsigned arithmetic that
// wraps in C): chc does not model wrap-around, so the overflow query is
// derivable and the answer is unknown, never safe or unsafe.
// RUN: %expect-exit 3 %vcdpor --engine=chc %s | %FileCheck %s
// RUN: %expect-exit 3 %vcdpor --engine=chc --json=- %s | %FileCheck %s --check-prefix=JSON
// CHECK: Unknown: the program may wrap around ({{a sum|a left shift}} above the i32 range at {{.*}}c_overflow.c:[[#@LINE+9]]); chc models integers without wrap-around.
// CHECK: CHC result: unsat
// JSON: "limit": "the program may wrap around
// JSON: "verdict": "unknown"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main() {
  unsigned x = __VERIFIER_nondet_uint();
  if (x < 0x80000000u) {
    unsigned y = x + x;
    __VERIFIER_assert(y >= x);
  }
  return 0;
}
