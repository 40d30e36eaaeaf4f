; Inline-asm constraints that LLVM 14's constraint parser reads past the end
; of (`^` or `@` cut short; found by tests/fuzz/ as an ASan heap overflow in
; InlineAsm::ConstraintInfo::Parse) are refused before the parser sees them.
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
; RUN: sed 's/,^"/,@_"/' %s > %t.at.ll
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %t.at.ll 2>&1 | %FileCheck %s --check-prefix=AT
; CHECK: vcdpor: error: {{.*}}asm_constraint_overread.ll: unsupported inline assembly constraints "~{memory},~{dirflag},~{fpsr},~{flags},^"
; AT: vcdpor: error: {{.*}}.at.ll: unsupported inline assembly constraints "~{memory},~{dirflag},~{fpsr},~{flags},@_"
define i32 @main() {
  call void asm sideeffect "", "~{memory},~{dirflag},~{fpsr},~{flags},^"()
  ret i32 0
}
