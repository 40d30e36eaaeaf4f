; The va_arg instruction is unsupported: named with its function.
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
; CHECK: vcdpor: error: {{.*}}va_arg.ll: in function 'f': unsupported instruction 'va_arg'
define i32 @f(i8* %ap) {
  %x = va_arg i8* %ap, i32
  ret i32 %x
}
define i32 @main() {
  %c = call i32 @f(i8* null)
  ret i32 0
}
