// A recursive function: its summary predicate relates arguments and
// result (sum(n, m) = n + m for n >= 0), no bound on the recursion depth.
// RUN: %expect-exit 0 %vcdpor --engine=chc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=chc -DBUG %s | %FileCheck %s --check-prefix=BUG
// CHECK: No errors found: a proof for every input
// BUG: confirmed by the interpreter with nondet values: 3, 4.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int sum(int n, int m) {
  if (n <= 0)
    return m;
  return sum(n - 1, m + 1);
}
int main() {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || a > 1000 || b < 0 || b > 1000)
    return 0;
#ifdef BUG
  __VERIFIER_assert(sum(a, b) != 7 || a != 3);
#else
  __VERIFIER_assert(sum(a, b) == a + b);
#endif
  return 0;
}
