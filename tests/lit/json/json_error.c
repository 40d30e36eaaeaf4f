// --json - : the report for an assertion failure, with the trace.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 --all-errors --json - %s | %FileCheck %s
#include <assert.h>
#include <pthread.h>

int x;

void *child(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, child, 0);
  int v = x;
  pthread_join(t, 0);
  assert(v == 0);
  return 0;
}
// T0: create r(x) join; T1: w(x): 2 executions, 1 error.
// nlohmann's dump sorts keys: bounds, engine, errors, program, stats, ...
// CHECK: "nondet_range": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 1
// CHECK: "unroll": null
// CHECK: "engine": "exhaustive"
// CHECK: "errors": [
// CHECK: "kind": "assertion"
// CHECK: "function": "main"
// CHECK: "line": 18
// CHECK: "message": "assertion failed: v == 0"
// CHECK: "trace": [
// CHECK: "kind": "create"
// CHECK: "kind": "write"
// CHECK: "object": "x"
// CHECK: "thread": 1
// CHECK: "value": 1
// CHECK: "kind": "read"
// CHECK: "object": "x"
// CHECK: "thread": 0
// CHECK: "value": 1
// CHECK: "stats": {
// CHECK: "blocked": 0
// CHECK: "executions": 2
// CHECK: "threads": 1
// CHECK: "tool": "vcdpor"
// CHECK: "verdict": "error"
