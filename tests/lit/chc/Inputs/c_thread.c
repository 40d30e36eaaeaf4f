#include <pthread.h>
int g;
void *t(void *a) { g = 1; return 0; }
int main() {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  pthread_join(h, 0);
  return g;
}
