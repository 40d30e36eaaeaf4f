// N threads each write and re-read only their own global slot: no conflicts, so DPOR needs one execution while exhaustive search explodes (safe).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

static int slot[N];

static void *worker(void *arg) {
  int i = (int)(long)arg;
  slot[i] = i + 1;
  slot[i] = slot[i] * 2;
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  for (int i = 0; i < N; i++)
    assert(slot[i] == 2 * (i + 1));
  return 0;
}
