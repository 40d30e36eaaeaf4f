extern int __VERIFIER_nondet_int(void);
int a[4];
int main() {
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4)
    a[i] = 1;
  return a[0];
}
