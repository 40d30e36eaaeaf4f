// --trace-html and --trace-dot for every engine that reports a trace, on an
// assertion failure, a deadlock, a memory error and a data race. The page
// is checked against the run's JSON report (check_html.py: one column per
// thread, every event in order in its column with its line, reads linked to
// the steps they saw, the failure marked; every blocked thread with what it
// waits for; both racing accesses marked); the graph is checked for its
// edges and, where Graphviz is installed, rendered.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive -DASSERT --trace-html %t/ex.html --trace-dot %t/ex.dot --json %t/ex.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/ex.html %t/ex.json | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %vcdpor --engine=source -DASSERT --trace-html %t/so.html --json %t/so.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/so.html %t/so.json | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DASSERT --trace-html %t/op.html --json %t/op.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/op.html %t/op.json | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %vcdpor --engine=vc -DASSERT --trace-html %t/vc.html --trace-dot %t/vc.dot --json %t/vc.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/vc.html %t/vc.json | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DASSERT --trace-html %t/bmc.html --trace-dot %t/bmc.dot --json %t/bmc.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/bmc.html %t/bmc.json | %FileCheck %s --check-prefix=OK
// RUN: %FileCheck %s --check-prefix=DOT < %t/vc.dot
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DDEADLOCK --trace-html %t/dead.html --trace-dot %t/dead.dot --json %t/dead.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/dead.html %t/dead.json | %FileCheck %s --check-prefix=OK
// RUN: %FileCheck %s --check-prefix=DEAD-HTML < %t/dead.html
// RUN: %FileCheck %s --check-prefix=DEAD-DOT < %t/dead.dot
// RUN: %expect-exit 1 %vcdpor --engine=vc -DDEADLOCK --trace-html %t/deadvc.html --json %t/deadvc.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/deadvc.html %t/deadvc.json | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DMEMORY --trace-html %t/mem.html --trace-dot %t/mem.dot --json %t/mem.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/mem.html %t/mem.json | %FileCheck %s --check-prefix=OK
// RUN: %FileCheck %s --check-prefix=MEM < %t/mem.html
// RUN: %expect-exit 1 %vcdpor --engine=bmc -DMEMORY --trace-html %t/membmc.html --json %t/membmc.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/membmc.html %t/membmc.json | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %vcdpor --engine=optimal -DRACE --data-races=error --trace-html %t/race.html --trace-dot %t/race.dot --json %t/race.json %s
// RUN: %python %srcroot/tests/trace/check_html.py %t/race.html %t/race.json | %FileCheck %s --check-prefix=OK
// RUN: %FileCheck %s --check-prefix=RACE-DOT < %t/race.dot
// A run without a counterexample writes nothing and says so.
// RUN: %expect-exit 0 %vcdpor --engine=optimal --trace-html %t/none.html %s 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: not test -e %t/none.html
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int counter;
int *buf;
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

void *inc(void *arg) {
  int v = counter;
  counter = v + 1;
  return 0;
}

void *ba(void *arg) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}

void *user(void *arg) {
  int *p = buf;
  return (void *)(long)p[0];
}

int main(void) {
  pthread_t t1, t2;
#ifdef ASSERT
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(counter == 2);
#endif
#ifdef DEADLOCK
  pthread_create(&t1, 0, ba, 0);
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  pthread_join(t1, 0);
#endif
#ifdef MEMORY
  buf = malloc(sizeof(int));
  buf[0] = 1;
  pthread_create(&t1, 0, user, 0);
  free(buf);
  pthread_join(t1, 0);
#endif
#ifdef RACE
  pthread_create(&t1, 0, inc, 0);
  counter = 5;
  pthread_join(t1, 0);
#endif
  return 0;
}
// OK: ok: {{[0-9]+}} events, {{[23]}} threads
// DOT: digraph trace {
// DOT: subgraph cluster_T0 {
// DOT: label="T0 (main)";
// DOT-DAG: [color=blue, label="create"];
// DOT-DAG: [color=blue, label="join"];
// DOT-DAG: [color=darkgreen, style=dashed, label="rf"];
// DOT-DAG: [color=orange, style=dotted, label="co"];
// DOT: failure [shape=octagon, color=red, label="assertion: assertion failed: counter == 2\nviews.c:{{[0-9]+}}"];
// DEAD-HTML-DAG: <td class="blocked" data-thread="0">blocked: waits for mutex b</td>
// DEAD-HTML-DAG: <td class="blocked" data-thread="1">blocked: waits for mutex a</td>
// DEAD-DOT-DAG: blocked_T0 [label="blocked: waits for mutex b"
// DEAD-DOT-DAG: blocked_T1 [label="blocked: waits for mutex a"
// DEAD-DOT-DAG: blocked_T0 -> failure [color=red];
// DEAD-DOT-DAG: blocked_T1 -> failure [color=red];
// MEM: <td class="fail" id="failure" data-thread="1">error: {{.*}}free
// RACE-DOT-COUNT-2: color=red, penwidth=2
// NONE: note: no counterexample: nothing written to {{.*}}none.html
