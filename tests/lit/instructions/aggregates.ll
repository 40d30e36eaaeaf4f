; extractvalue/insertvalue on a struct and an array, a call returning a
; struct, and llvm.sadd.with.overflow (returns {i32, i1}).
; RUN: %expect-exit 1 %vcdpor --engine=exhaustive %s | %FileCheck %s
; One thread, no events: 1 execution; the final check fails on purpose.
; CHECK: Error: assertion: assertion failed: aggregates
; CHECK: Executions: 1 (blocked 0, bounded 0)

@.msg = private constant [11 x i8] c"aggregates\00"
@.file = private constant [6 x i8] c"agg.c\00"

declare void @__assert_fail(i8*, i8*, i32, i8*)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)

define { i32, i64 } @mk(i32 %a, i64 %b) {
  %s0 = insertvalue { i32, i64 } undef, i32 %a, 0
  %s1 = insertvalue { i32, i64 } %s0, i64 %b, 1
  ret { i32, i64 } %s1
}

define i32 @main() {
entry:
  %s = call { i32, i64 } @mk(i32 5, i64 7)
  %a = extractvalue { i32, i64 } %s, 0
  %b = extractvalue { i32, i64 } %s, 1
  %arr0 = insertvalue [3 x i32] undef, i32 %a, 1
  %e = extractvalue [3 x i32] %arr0, 1
  %bt = trunc i64 %b to i32
  %sum = add i32 %e, %bt
  %ok1 = icmp eq i32 %sum, 12
  %ov = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 2147483647, i32 1)
  %ovf = extractvalue { i32, i1 } %ov, 1
  %okv = and i1 %ok1, %ovf
  br i1 %okv, label %fail, label %bad
fail:
  ; all values as expected: fail with the expected message
  call void @__assert_fail(i8* getelementptr ([11 x i8], [11 x i8]* @.msg, i32 0, i32 0), i8* getelementptr ([6 x i8], [6 x i8]* @.file, i32 0, i32 0), i32 1, i8* getelementptr ([6 x i8], [6 x i8]* @.file, i32 0, i32 0))
  unreachable
bad:
  ret i32 0
}
