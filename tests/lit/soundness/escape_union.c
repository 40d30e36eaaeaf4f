// A heap pointer that reaches another thread only as a long copied out of
// a union (no pointer-typed store, no ptrtoint) still makes its object
// shared. Before, at --opt=0 the object stayed thread-local and even
// exhaustive missed the lost update.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=source --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=vc --opt=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=optimal --opt=1 %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --opt=0 -DBYTES %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

union U {
  int *p;
  long l;
  unsigned char b[8];
};
long shared_l;

void *child(void *a) {
  int *q = (int *)shared_l;
  int v = *q;
  *q = v + 1;
  return 0;
}

int main(void) {
  union U u;
  u.p = malloc(sizeof(int));
  *u.p = 0;
#ifdef BYTES
  // The address copied a byte at a time.
  union U w;
  for (int i = 0; i < 8; i++)
    w.b[i] = u.b[i];
  shared_l = w.l;
#else
  shared_l = u.l;
#endif
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int v = *u.p;
  *u.p = v + 1;
  pthread_join(t, 0);
  assert(*u.p == 2);
  return 0;
}
// CHECK: Error: assertion: assertion failed: *u.p == 2
// CHECK: write  heap@{{.*}}escape_union.c:{{[0-9]+}}{{.*}} := 1
