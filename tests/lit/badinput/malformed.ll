; A syntactically broken module is refused before exploration.
; RUN: %expect-exit 2 %vcdpor --engine=exhaustive %s 2>&1 | %FileCheck %s
; CHECK: vcdpor: error: {{.*}}malformed.ll: cannot parse:
; CHECK-SAME: malformed.ll:[[@LINE+4]]:3: error: expected value token
define i32 @main() {
entry:
  %x = add i32 1,
  ret i32 %x
}
