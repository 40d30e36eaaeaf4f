// N writers store distinct values to one variable while 1 reader reads it once: write-write and write-read races, (N+1)! classes (safe).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

static int x;
static int seen;

static void *writer(void *arg) {
  x = (int)(long)arg;
  return 0;
}

static void *reader(void *arg) {
  (void)arg;
  seen = x;
  return 0;
}

int main(void) {
  pthread_t w[N], r;
  for (int i = 0; i < N; i++)
    pthread_create(&w[i], 0, writer, (void *)(long)(i + 1));
  pthread_create(&r, 0, reader, 0);
  for (int i = 0; i < N; i++)
    pthread_join(w[i], 0);
  pthread_join(r, 0);
  assert(seen >= 0 && seen <= N);
  return 0;
}
