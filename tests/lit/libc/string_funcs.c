// memcpy / memmove (overlapping) / memset / memcmp / strlen / strcpy / strcmp.
// RUN: %expect-exit 0 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s
// (-O1/-O2 turn memcmp(...) == 0 into bcmp: see memcmp_bcmp_xfail.c)
#include <assert.h>
#include <string.h>

char gbuf[16];

int main(void) {
  char buf[16];
  memset(buf, 'x', sizeof buf);
  assert(buf[0] == 'x' && buf[15] == 'x');
  strcpy(buf, "hello");
  assert(strlen(buf) == 5 && strcmp(buf, "hello") == 0);
  assert(strcmp(buf, "help") < 0 && strcmp("b", "a") > 0);
  memcpy(gbuf, buf, 6);
  assert(memcmp(gbuf, "hello", 6) == 0 && memcmp(gbuf, "hellp", 5) < 0);
  memmove(gbuf + 1, gbuf, 5);     // overlapping: "hhello"
  assert(memcmp(gbuf, "hhello", 6) == 0);
  memmove(gbuf, gbuf + 2, 4);     // "ellolo"
  assert(memcmp(gbuf, "ellolo", 6) == 0);
  return 0;
}
// One thread: 1 execution.
// CHECK: No errors found
// CHECK: Executions: 1 (blocked 0, bounded 0)
