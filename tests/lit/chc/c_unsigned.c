// Unsigned values are their signed readings: 0xffffffff + 1 is -1 + 1 = 0,
// no wrap-around, and the comparison x < 10 is unsigned (exact, by the
// signs). The failure needs x = 4294967295, which the interpreter confirms.
// RUN: %expect-exit 1 %vcdpor --engine=chc %s | %FileCheck %s
// CHECK: confirmed by the interpreter with nondet values: -1.
// CHECK: Error: assertion: assertion failed
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main() {
  unsigned x = __VERIFIER_nondet_uint();
  if (x < 10)
    return 0;
  unsigned y = x + 1;
  __VERIFIER_assert(y != 0);
  return 0;
}
