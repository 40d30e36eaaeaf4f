// Inline assembly other than a fence / compiler barrier is refused; the
// barrier and mfence alone are accepted (see -DFENCE_ONLY).
// RUN: %expect-exit 2 %vcdpor --engine=exhaustive --opt=0 %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 -DFENCE_ONLY %s | %FileCheck %s --check-prefix=FENCE
int main(void) {
  int x = 1;
  __asm__ volatile("" ::: "memory");
  __asm__ volatile("mfence" ::: "memory");
#ifndef FENCE_ONLY
  __asm__ volatile("movl $1, %0" : "=r"(x));
#endif
  return x != 1;
}
// CHECK: vcdpor: error: {{.*}}inline_asm.c:10: in function 'main': unsupported inline assembly
// Fences are not events: 1 execution.
// FENCE: No errors found
// FENCE: Executions: 1 (blocked 0, bounded 0)
