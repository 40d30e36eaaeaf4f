// atomic_compare_exchange_strong: exactly one of two threads wins.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=1 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int owner;
atomic_int wins;

void *claim(void *arg) {
  int expected = 0;
  if (atomic_compare_exchange_strong(&owner, &expected, (int)(long)arg))
    atomic_fetch_add(&wins, 1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, claim, (void *)1);
  pthread_create(&t2, 0, claim, (void *)2);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(atomic_load(&wins) == 1);
  assert(atomic_load(&owner) == 1); // fails when T2 wins
  return 0;
}
// T0: c2 j1 j2 r(wins) r(owner); winner: cas rmw, loser: cas. Brute force:
// 11 executions, T2 wins (the error) in 3.
// CHECK: Error: assertion: assertion failed: atomic_load(&owner) == 1
// CHECK: T2: rmw    owner: 0 -> 2
// CHECK: Executions: 11 (blocked 0, bounded 0)
