; A module that parses but fails the verifier (a use that is not dominated
; by its definition) is refused.
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
; CHECK: vcdpor: error: {{.*}}invalid_ir.ll: invalid module: Instruction does not dominate all uses!
define i32 @main() {
entry:
  br label %next
next:
  %y = add i32 %z, 1
  %z = add i32 %y, 1
  ret i32 0
}
