// The __VERIFIER_nondet_* family: each call is one event with one
// alternative per value of the range (bool is always 0:1).
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:2 %s | %FileCheck %s
#include <assert.h>
#include <stdbool.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  bool b = __VERIFIER_nondet_bool();
  char c = __VERIFIER_nondet_char();
  long l = __VERIFIER_nondet_long();
  assert(u <= 2 && c >= 0 && c <= 2 && l >= 0 && l <= 2);
  assert(b == 0 || b == 1);
  return 0;
}
// uint, char, long: 3 values each; bool: 2. 3*2*3*3 = 54 executions.
// CHECK: No errors found (nondet range 0:2, loop bound none).
// CHECK: Executions: 54 (blocked 0, bounded 0)
