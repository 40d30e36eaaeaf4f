// Vector code from C (clang vector extension at -O0) is refused, naming the
// function and source line.
// RUN: %expect-exit 2 %vcdpor --engine=exhaustive --opt=0 %s 2>&1 | %FileCheck %s
typedef int v4 __attribute__((vector_size(16)));
volatile int k = 1;

int main(void) {
  v4 a = {1, 2, 3, 4};
  v4 b = a * k;
  return b[2] != 3;
}
// CHECK: vcdpor: error: {{.*}}vector_c.c:8: in function 'main': unsupported vector
