// Integer arithmetic, comparisons and shifts at -O0 (no constant folding of
// the volatile inputs); widths i8..i64, signed and unsigned.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <stdint.h>

volatile int a = 17, b = -5;
volatile unsigned ua = 17, ub = 0xfffffffbu;
volatile int64_t la = -(1LL << 40);
volatile uint8_t c8 = 250;
volatile int16_t s16 = -300;
volatile int sh = 3;

int main(void) {
  assert(a + b == 12 && a - b == 22 && a * b == -85);
  assert(a / b == -3 && a % b == 2 && b / 2 == -2 && b % 2 == -1);
  assert(ua / 5 == 3 && ua % 5 == 2 && ub / ua == 252645134u);
  assert((a << sh) == 136 && (b >> 1) == -3 && (ub >> 28) == 15u);
  assert((la >> sh) == -(1LL << 37) && (uint64_t)la >> 60 == 15u);
  assert((a & 6) == 0 && (a | 6) == 23 && (a ^ b) == -22 && ~a == -18);
  assert((uint8_t)(c8 + 10) == 4 && s16 * 2 == -600 && (int8_t)c8 == -6);
  assert(b < a && ua < ub && !(b > a) && a >= 17 && ub != ua);
  assert((int64_t)b == -5 && (uint64_t)(unsigned)b == 0xfffffffbu);
  return 0;
}
// One thread; each global read is an event but nothing interleaves: 1.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
