// The __VERIFIER_nondet_* family: each call is one event with one
// alternative per value of the range (bool is always 0:1). A bool draw
// covers its type; the others do not, so the verdict is "bounded", unless
// only bools (and chars over 256 values, every residue) are drawn.
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:2 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 -DONLY_BOOL %s | %FileCheck %s --check-prefix=BOOL
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 -DONLY_BOOL -DCHAR --nondet-range=-128:127 %s | %FileCheck %s --check-prefix=CHAR
// RUN: %expect-exit 4 %vcdpor --engine=exhaustive --opt=0 -DONLY_BOOL -DCHAR --nondet-range=-128:126 %s | %FileCheck %s --check-prefix=CHARCUT
#include <assert.h>
#include <stdbool.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
#ifdef ONLY_BOOL
  bool b0 = __VERIFIER_nondet_bool();
#ifdef CHAR
  char c0 = __VERIFIER_nondet_char();
  assert(c0 >= -128 && c0 <= 127);
#endif
  assert(b0 == 0 || b0 == 1);
  return 0;
#else
  unsigned u = __VERIFIER_nondet_uint();
  bool b = __VERIFIER_nondet_bool();
  char c = __VERIFIER_nondet_char();
  long l = __VERIFIER_nondet_long();
  assert(u <= 2 && c >= 0 && c <= 2 && l >= 0 && l <= 2);
  assert(b == 0 || b == 1);
  return 0;
#endif
}
// uint, char, long: 3 values each; bool: 2. 3*2*3*3 = 54 executions.
// CHECK: Bounded: no errors found, but not every execution was covered: nondet values were drawn from 0:2 only
// CHECK: Executions: 54 (blocked 0, bounded 0)
// BOOL: No errors found (nondet range 0:1, loop bound none).
// BOOL: Executions: 2 (blocked 0, bounded 0)
// CHAR: No errors found (nondet range -128:127, loop bound none).
// CHAR: Executions: 512 (blocked 0, bounded 0)
// CHARCUT: Bounded: no errors found
// CHARCUT: Executions: 510 (blocked 0, bounded 0)
