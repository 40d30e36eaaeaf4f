// --max-memory ends an exploration once resident memory exceeds the limit.
// AGREEMENT-SKIP: made to run until --max-memory stops it (100^4 executions)
// RUN: %expect-exit 3 %vcdpor --engine=exhaustive --opt=0 --nondet-range 0:99 --max-memory 1 %s | %FileCheck %s
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += __VERIFIER_nondet_int();
  return 0;
}
// The process alone needs more than 1 MB, so the first check stops it.
// CHECK: Unknown: the max-memory limit was reached before the exploration finished
