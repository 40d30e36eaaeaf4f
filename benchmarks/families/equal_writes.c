// The root thread stores the same value N times while one leaf loads the
// variable N times: every store races with every load, so there are
// C(2N, N) happens-before classes, but the leaf can only see 0...0 1...1,
// so there are N+1 value-happens-before classes (safe).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

static atomic_int x;

static void *root(void *arg) {
  (void)arg;
  for (int i = 0; i < N; ++i)
    atomic_store(&x, 1);
  return 0;
}

static void *leaf(void *arg) {
  (void)arg;
  int prev = 0;
  for (int i = 0; i < N; ++i) {
    int v = atomic_load(&x);
    assert(v >= prev); // values only go up
    prev = v;
  }
  return 0;
}

int main(void) {
  pthread_t r, l;
  pthread_create(&r, 0, root, 0);
  pthread_create(&l, 0, leaf, 0);
  pthread_join(r, 0);
  pthread_join(l, 0);
  return 0;
}
