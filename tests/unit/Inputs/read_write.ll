; A writer stores x = 1; a reader loads x and stores y = x + 10; main joins
; both and returns y.
@x = global i32 0
@y = global i32 0

declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)
declare i32 @pthread_join(i64, i8**)

define i8* @writer(i8* %arg) {
  store i32 1, i32* @x
  ret i8* null
}

define i8* @reader(i8* %arg) {
  %v = load i32, i32* @x
  %w = add i32 %v, 10
  store i32 %w, i32* @y
  ret i8* null
}

define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @pthread_create(i64* %t1, i8* null, i8* (i8*)* @writer, i8* null)
  call i32 @pthread_create(i64* %t2, i8* null, i8* (i8*)* @reader, i8* null)
  %a = load i64, i64* %t1
  %b = load i64, i64* %t2
  call i32 @pthread_join(i64 %a, i8** null)
  call i32 @pthread_join(i64 %b, i8** null)
  %r = load i32, i32* @y
  ret i32 %r
}
