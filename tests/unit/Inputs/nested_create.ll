; main creates two threads; the first of them creates a third. Which
; creation runs first depends on the schedule.
declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)

define i8* @leaf(i8* %arg) {
  ret i8* null
}

define i8* @parent(i8* %arg) {
  %t = alloca i64
  call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @leaf, i8* null)
  ret i8* null
}

define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @pthread_create(i64* %t1, i8* null, i8* (i8*)* @parent, i8* null)
  call i32 @pthread_create(i64* %t2, i8* null, i8* (i8*)* @leaf, i8* null)
  ret i32 0
}
