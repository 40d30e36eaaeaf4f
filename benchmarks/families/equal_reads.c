// Two leaves each store the same value N times to their own flag while the
// root thread polls both flags N times. Happens-before orders every poll
// against every store of its flag (C(2N, N)^2-ish classes); value-happens-
// before keeps only what the root saw: (N+1)^2 classes (safe).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

static atomic_int a, b;

static void *root(void *arg) {
  (void)arg;
  int seen = 0;
  for (int i = 0; i < N; ++i)
    seen += atomic_load(&a) + atomic_load(&b);
  assert(seen <= 2 * N);
  return 0;
}

static void *setter(void *arg) {
  atomic_int *flag = arg;
  for (int i = 0; i < N; ++i)
    atomic_store(flag, 1);
  return 0;
}

int main(void) {
  pthread_t r, s, t;
  pthread_create(&r, 0, root, 0);
  pthread_create(&s, 0, setter, &a);
  pthread_create(&t, 0, setter, &b);
  pthread_join(r, 0);
  pthread_join(s, 0);
  pthread_join(t, 0);
  return 0;
}
