; Vector types are unsupported and named, with the function.
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
; CHECK: vcdpor: error: {{.*}}vector.ll: in function 'main': unsupported type <4 x i32>
define i32 @main() {
entry:
  %v = insertelement <4 x i32> undef, i32 1, i32 0
  %e = extractelement <4 x i32> %v, i32 0
  ret i32 %e
}
