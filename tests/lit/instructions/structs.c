// Structs passed and returned by value (small ones in registers: clang uses
// extractvalue/insertvalue-style coercions; big ones returned through sret), and a
// struct shared between threads. (Big structs passed by value: see
// structs_byval_xfail.c.)
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

struct pair { int a; long b; };
struct big { int v[8]; };
struct pair shared;

static struct pair make(int a, long b) { struct pair p = {a, b}; return p; }
static struct pair swap(struct pair p) { return make((int)p.b, p.a); }
static struct big fill(int k) { struct big r; for (int i = 0; i < 8; i++) r.v[i] = k + i; return r; }
static int sum(const struct big *g) { int s = 0; for (int i = 0; i < 8; i++) s += g->v[i]; return s; }

void *child(void *arg) {
  shared = swap(make(3, 4));
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  pthread_join(t, 0);
  assert(shared.a == 4 && shared.b == 3);
  struct big g = fill(1);
  assert(sum(&g) == 36);
  return 0;
}
// T0: create join then reads of shared; T1's write(s) to shared lie between
// create and join: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
