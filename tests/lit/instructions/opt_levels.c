// The same racy program at -O0, -O1, -O2: the error is found at every level;
// the count is derived for -O0, where every access is as written.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s --check-prefix=O0
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=1 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int balance = 100;

void *withdraw(void *arg) {
  int b = balance;
  if (b >= 60) {
    balance = b - 60;
    return (void *)1;
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, withdraw, 0);
  pthread_create(&t2, 0, withdraw, 0);
  void *r1, *r2;
  pthread_join(t1, &r1);
  pthread_join(t2, &r2);
  assert(balance == 100 - 60 * ((long)r1 + (long)r2));
  return 0;
}
// T0: c2 j1 j2 r; T1, T2: r(balance) then w only if it read >= 60 (a read
// of 40 ends the thread): brute force gives 16 executions (both reading 100
// is the error).
// O0: Error: assertion: assertion failed: balance == 100 - 60 * ((long)r1 + (long)r2)
// O0: Executions: 16 (blocked 0, bounded 0)
// CHECK: Error: assertion: assertion failed: balance == 100 - 60 * ((long)r1 + (long)r2)
