; Two threads store to a shared global; main joins both and reads it.
@x = global i32 0
@tbl = global [3 x i32] [i32 1, i32 2, i32 3]
@ptr = global i32* getelementptr ([3 x i32], [3 x i32]* @tbl, i64 0, i64 2)

declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)
declare i32 @pthread_join(i64, i8**)

define i8* @writer(i8* %arg) {
  %v = ptrtoint i8* %arg to i64
  %t = trunc i64 %v to i32
  store i32 %t, i32* @x
  ret i8* null
}

define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @pthread_create(i64* %t1, i8* null, i8* (i8*)* @writer, i8* inttoptr (i64 1 to i8*))
  call i32 @pthread_create(i64* %t2, i8* null, i8* (i8*)* @writer, i8* inttoptr (i64 2 to i8*))
  %a = load i64, i64* %t1
  %b = load i64, i64* %t2
  call i32 @pthread_join(i64 %a, i8** null)
  call i32 @pthread_join(i64 %b, i8** null)
  %r = load i32, i32* @x
  ret i32 %r
}
