; Code another thread can see (loud) and code it cannot (quiet);
; LoaderTest checks Function::BlockQuiet and BlockTailQuiet.
@g = global i32 0
@msg = private constant [2 x i8] c"x\00"

declare i32 @pthread_join(i64, i8**)
declare void @__assert_fail(i8*, i8*, i32, i8*)

; Locals, a join without a result, an assertion failure: quiet.
define void @quiet_fn(i64 %t, i1 %c) {
  %l = alloca i32
  store i32 1, i32* %l
  %v = load i32, i32* %l
  %j = call i32 @pthread_join(i64 %t, i8** null)
  br i1 %c, label %fail, label %done
fail:
  call void @__assert_fail(i8* getelementptr ([2 x i8], [2 x i8]* @msg, i64 0, i64 0), i8* null, i32 0, i8* null)
  unreachable
done:
  ret void
}

define i32 @loud_load() {
  %v = load i32, i32* @g
  ret i32 %v
}

define void @loud_join(i64 %t, i8** %res) {
  %j = call i32 @pthread_join(i64 %t, i8** %res)
  ret void
}

define void @calls_loud() {
  %v = call i32 @loud_load()
  ret void
}

; The entry block stores to a global; what follows it is quiet.
define void @loud_then_quiet(i64 %t) {
  store i32 2, i32* @g
  br label %next
next:
  %j = call i32 @pthread_join(i64 %t, i8** null)
  ret void
}

define i32 @main() {
  ret i32 0
}
