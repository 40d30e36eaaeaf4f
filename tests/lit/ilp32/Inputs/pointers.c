// The program of ../pointers.test (kept out of the agreement corpora,
// tests/lit/*/*.c: bmc's race search on it takes half a minute).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

struct node {
  int v;
  struct node *next;
};
struct node *head;                  // pushed to without a lock
_Atomic(struct node *) stack;       // pushed to with compare-and-swap
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int one(void) { return 1; }
static int two(void) { return 2; }
int (*table[2])(void) = {one, two};

void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  struct node *n = malloc(sizeof *n);
  n->v = table[id] == two ? 2 : 1; // a function's address read back
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  n->next = head;
  head = n;
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
  struct node *s = malloc(sizeof *s);
  s->v = id;
  struct node *old = atomic_load(&stack);
  do
    s->next = old;
  while (!atomic_compare_exchange_weak(&stack, &old, s));
  return s;
}

int main(void) {
  assert(sizeof(long) == 4 && sizeof(void *) == 4 && sizeof(struct node) == 8);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)(intptr_t)i);
  void *r[2];
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], &r[i]);
  // The results are the CAS-pushed nodes, found on the stack.
  struct node *p = atomic_load(&stack);
  assert(p == r[0] || p == r[1]);
  assert(p->next == r[0] || p->next == r[1]);
  assert(p->next->next == 0 && p->v + p->next->v == 1);
  uintptr_t a = (uintptr_t)p;
  assert((struct node *)a == p && *(struct node **)(a + 4) == p->next);
  // Both pushes on the unprotected list: unless one was lost.
  struct node *h = head;
  assert(h->next != 0);
  assert(h->v + h->next->v == 3 && h->next->next == 0);
  return 0;
}
