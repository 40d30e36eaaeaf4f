// A C varargs function (llvm.va_start) is refused, naming function and line.
// RUN: %expect-exit 2 %vcdpor --engine=exhaustive --opt=0 %s 2>&1 | %FileCheck %s
#include <stdarg.h>

int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int main(void) { return sum(2, 1, 2) != 3; }
// CHECK: vcdpor: error: {{.*}}va_start.c:7: in function 'sum': unsupported intrinsic 'llvm.va_start'
