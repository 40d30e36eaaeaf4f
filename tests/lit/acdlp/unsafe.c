// A wrap-around bug only unsigned 32-bit arithmetic has: ACDLP's abstract
// model is concretised, checked by Z3 and replayed by the interpreter
// before it is reported, as Z3's is.
// RUN: %expect-exit 1 %vcdpor --engine=bmc --solver=acdlp %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=bmc --solver=z3 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=bmc --solver=acdlp -DSIGNED %s | %FileCheck %s --check-prefix=SIGNED
#include <assert.h>
unsigned __VERIFIER_nondet_uint(void);
int __VERIFIER_nondet_int(void);

int main(void) {
#ifdef SIGNED
  int a = __VERIFIER_nondet_int();
  int b = a / 4;
  if (a < 0)
    assert(b * 4 >= a - 3 && a != -17); // fails at a == -17 only
#else
  unsigned x = __VERIFIER_nondet_uint();
  if (x > 10) {
    unsigned y = x * 2;
    assert(y > x);
  }
#endif
  return 0;
}
// CHECK: Error: assertion: assertion failed: y > x
// SIGNED: Error: assertion: assertion failed
