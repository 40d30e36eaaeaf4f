// Two threads increment a shared counter without a lock: an update is lost.
#include <assert.h>
#include <pthread.h>

int counter = 0;

void *inc(void *arg) {
  int v = counter;
  counter = v + 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(counter == 2);
  return 0;
}
