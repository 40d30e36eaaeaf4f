; llvm.abs / smin / smax / umin / umax intrinsics (what clang -O2 emits for
; abs() and min/max idioms), plus llvm.expect and lifetime markers.
; RUN: %expect-exit 0 %vcdpor --engine=exhaustive %s | %FileCheck %s
; One thread, no events: 1 execution; any wrong value reaches abort()...
; which is not an error, so wrong values go to reach_error instead.
; CHECK: No errors found
; CHECK: Executions: 1 (blocked 0, bounded 0)

declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i64 @llvm.expect.i64(i64, i64)
declare void @llvm.lifetime.start.p0i8(i64, i8*)
declare void @llvm.lifetime.end.p0i8(i64, i8*)
declare void @reach_error()

define i32 @main() {
entry:
  %buf = alloca [4 x i8]
  %p = getelementptr [4 x i8], [4 x i8]* %buf, i32 0, i32 0
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %p)
  %a = call i32 @llvm.abs.i32(i32 -5, i1 false)
  %b = call i32 @llvm.smin.i32(i32 -3, i32 2)
  %c = call i32 @llvm.smax.i32(i32 -3, i32 2)
  %d = call i32 @llvm.umin.i32(i32 -3, i32 2)
  %e = call i32 @llvm.umax.i32(i32 -3, i32 2)
  %x = call i64 @llvm.expect.i64(i64 1, i64 1)
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %p)
  %ok1 = icmp eq i32 %a, 5
  %ok2 = icmp eq i32 %b, -3
  %ok3 = icmp eq i32 %c, 2
  %ok4 = icmp eq i32 %d, 2
  %ok5 = icmp eq i32 %e, -3
  %ok6 = icmp eq i64 %x, 1
  %t1 = and i1 %ok1, %ok2
  %t2 = and i1 %t1, %ok3
  %t3 = and i1 %t2, %ok4
  %t4 = and i1 %t3, %ok5
  %t5 = and i1 %t4, %ok6
  br i1 %t5, label %good, label %bad
bad:
  call void @reach_error()
  ret i32 1
good:
  ret i32 0
}
