// Suspected bug: memcmp, strcmp and strlen reading shared memory are not
// visible events, so a concurrent write is never ordered before them and the
// failing interleaving is missed (the tool reports 1 execution, no error).
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors -DUSE_STRCMP %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors -DUSE_STRLEN %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>
#include <string.h>

char g[4] = "abc";

void *child(void *arg) {
  g[1] = 0;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
#if defined(USE_STRCMP)
  int ok = strcmp(g, "abc") == 0;
#elif defined(USE_STRLEN)
  int ok = strlen(g) == 3;
#else
  int ok = memcmp(g, "abc", 4) == 0;
#endif
  pthread_join(t, 0);
  assert(ok);
  return 0;
}
// T0: create read-of-g (one event) join; T1: w(g[1]). The write before or
// after the read: 2 executions, 1 error.
// CHECK: Error: assertion: assertion failed: ok
// CHECK: Executions: 2 (blocked 0, bounded 0)
