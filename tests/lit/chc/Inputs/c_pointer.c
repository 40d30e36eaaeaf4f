extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
void set(int *p) { *p = __VERIFIER_nondet_int(); }
int main() {
  int x, y;
  set(__VERIFIER_nondet_int() ? &x : &y);
  __VERIFIER_assert(x == x);
  return 0;
}
