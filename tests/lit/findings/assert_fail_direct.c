// A direct call to __assert_fail (what assert expands to).
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=2 %s | %FileCheck %s
void __assert_fail(const char *, const char *, unsigned, const char *);

int main(void) {
  __assert_fail("custom message", "file.c", 7, "fn");
  return 0;
}
// No events; the failure is local: 1 execution.
// CHECK: Error: assertion: assertion failed: custom message
// CHECK: Executions: 1 (blocked 0, bounded 0)
