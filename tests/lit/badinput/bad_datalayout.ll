; A malformed target datalayout (found by tests/fuzz/, minimised) is refused
; with a clear error and exit 2; LLVM 14's parser would abort on it.
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
; CHECK: vcdpor: error: {{.*}}bad_datalayout.ll: invalid target datalayout: not a number, or does not fit in an unsigned int
target datalayout = "e-i64:declare128"

define i32 @main() {
  ret i32 0
}
