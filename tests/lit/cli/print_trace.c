// --print-trace prints the full interleaving of the counterexample, with
// thread, event, object, value and source line.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --print-trace %s | %FileCheck %s
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -v %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *child(void *arg) {
  pthread_mutex_lock(&m);
  x = 5;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  pthread_mutex_lock(&m);
  int v = x;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(v == 5);
  return 0;
}
// T0: create L r U join; T1: L w U. Sections in either order: 2 executions;
// DFS runs T0's section first: the error is the first execution.
// CHECK: Error: assertion: assertion failed: v == 5   ({{.*}}print_trace.c:25 in main)
// CHECK: Trace (thread: event @ source):
// CHECK-NEXT: T0: create T1 {{ *}}{{.*}}print_trace.c:20
// CHECK-NEXT: T0: lock   m {{ *}}{{.*}}print_trace.c:21
// CHECK-NEXT: T0: read   x = 0 {{ *}}{{.*}}print_trace.c:22
// CHECK-NEXT: T0: unlock m {{ *}}{{.*}}print_trace.c:23
// CHECK-NEXT: T1: lock   m {{ *}}{{.*}}print_trace.c:12
// CHECK-NEXT: T1: write  x := 5 {{ *}}{{.*}}print_trace.c:13
// CHECK-NEXT: T1: unlock m {{ *}}{{.*}}print_trace.c:14
// CHECK-NEXT: T0: join   T1 {{ *}}{{.*}}print_trace.c:24
// CHECK-NEXT: T0: error: assertion failed: v == 5 {{ *}}{{.*}}print_trace.c:25
// CHECK: Executions: 1 (blocked 0, bounded 0)
