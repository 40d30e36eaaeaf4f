// memcpy and strcpy past the end of the destination are out-of-bounds
// writes; memcmp past the end of a source is an out-of-bounds read.
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 %s | %FileCheck %s --check-prefix=CPY
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DSTR %s | %FileCheck %s --check-prefix=STR
// RUN: %expect-exit 1 %vcdpor --engine=exhaustive --opt=0 -DCMP %s | %FileCheck %s --check-prefix=CMP
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *dst = malloc(4);
  char src[8] = "abcdefg";
#if defined(STR)
  strcpy(dst, src);
#elif defined(CMP)
  memset(dst, 'a', 4);
  return memcmp(dst, "aaaaa", 5);
#else
  memcpy(dst, src, 8);
#endif
  free(dst);
  return 0;
}
// One thread, no events: 1 execution each.
// CPY: Error: memory: out-of-bounds write
// CPY-SAME: heap@{{.*}}memcpy_oob.c:10
// CPY: Executions: 1 (blocked 0, bounded 0)
// STR: Error: memory: out-of-bounds write
// STR: Executions: 1 (blocked 0, bounded 0)
// CMP: Error: memory: out-of-bounds read
// CMP: Executions: 1 (blocked 0, bounded 0)
