// Message-passing chain: thread i spins on flag[i-1], then forwards data[i-1]+1 and raises flag[i]; exercises await (spin) loops and blocked executions (safe).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

static int data[N + 1];
static int flag[N + 1];

static void *stage(void *arg) {
  int i = (int)(long)arg;
  while (!__atomic_load_n(&flag[i - 1], __ATOMIC_SEQ_CST))
    ;
  data[i] = data[i - 1] + 1;
  __atomic_store_n(&flag[i], 1, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 1; i <= N; i++)
    pthread_create(&t[i - 1], 0, stage, (void *)(long)i);
  data[0] = 1;
  __atomic_store_n(&flag[0], 1, __ATOMIC_SEQ_CST);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  assert(data[N] == N + 1);
  return 0;
}
