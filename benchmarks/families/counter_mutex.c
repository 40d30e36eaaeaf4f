// N threads each increment one shared counter inside a mutex; N! lock orders, one execution each (safe).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  assert(counter == N);
  return 0;
}
