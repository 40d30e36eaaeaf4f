// ILP32 (--data-model=ILP32, clang -m32): long, size_t and pointers are 32
// bits, and memory holds a pointer as a 32-bit address. Pointers survive
// every way through memory: plain stores and loads, a lock-free push with
// compare-and-swap, a table of function addresses, a thread's result through
// pthread_join, and a round trip through uintptr_t. The sizes are checked
// first, so as LP64 the program fails there in every execution; as ILP32
// the only error is the lost update of the unprotected list (two pushes
// read the same head), which every engine finds.
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=exhaustive %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=optimal %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=vc %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=bmc --unroll 3 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --opt=0 --engine=optimal %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal %s | %FileCheck %s --check-prefix=LP64
// Without the racy list every engine agrees there is no error: the
// pointers read back designate the objects they were made from.
// RUN: %expect-exit 0 %vcdpor --data-model=ILP32 --engine=exhaustive -DLOCKED %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --data-model=ILP32 --engine=vc -DLOCKED %s | %FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 0 %vcdpor --data-model=ILP32 --engine=bmc --unroll 3 -DLOCKED %s | %FileCheck %s --check-prefix=SAFE
// The pointer written to the shared head is shown as the object it
// designates, and the JSON report names the data model.
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=optimal --json - %s | %FileCheck %s --check-prefix=JSON
// A witness names the 32-bit architecture and replays in ILP32; its steps
// at loads clang left without a line (-O1) have no startline, and match
// the thread's next operation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --engine=optimal --witness %t/w.graphml %s
// RUN: %FileCheck %s --check-prefix=WITNESS < %t/w.graphml
// RUN: %expect-exit 1 %vcdpor --data-model=ILP32 --validate-witness %t/w.graphml %s | %FileCheck %s --check-prefix=REPLAY
// CHECK: engine {{.*}}, ILP32
// CHECK: Error: assertion: assertion failed: n == 2   ({{.*}}pointers.c:{{[0-9]+}} in main)
// CHECK: write  head := &heap@{{.*}}pointers.c:{{[0-9]+}}
// LP64: Error: assertion: assertion failed: sizeof(long) == 4 && sizeof(void *) == 4
// SAFE: engine {{.*}}, ILP32
// SAFE: No errors found
// JSON: "data_model": "ILP32"
// WITNESS: <data key="architecture">32bit</data>
// REPLAY: confirmed: the schedule reaches assertion
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
  int n = 0, sum = 0;
  for (struct node *q = head; q; q = q->next, n++)
    sum += q->v;
  assert(n == 2);
  assert(sum == 3);
  return 0;
}
