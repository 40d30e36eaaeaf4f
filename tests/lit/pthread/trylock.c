// pthread_mutex_trylock fails while the other thread holds the lock.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *child(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int r = pthread_mutex_trylock(&m);
  if (r == 0)
    pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(r == 0);
  return 0;
}
// T0: create trylock [unlock if acquired] join; T1: lock unlock.
// trylock first (acquired, T1 waits for the unlock): 1; T1 lock first, then
// trylock fails (the error) or T1 unlocks first and trylock succeeds: 2. Total 3.
// CHECK: Error: assertion: assertion failed: r == 0
// CHECK: T1: lock   m
// CHECK: T0: trylock m busy
// CHECK: Executions: 3 (blocked 0, bounded 0)
