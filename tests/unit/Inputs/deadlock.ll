; Lock-order inversion between main and one thread.
@a = global [40 x i8] zeroinitializer
@b = global [40 x i8] zeroinitializer
declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)
declare i32 @pthread_join(i64, i8**)
declare i32 @pthread_mutex_lock(i8*)
declare i32 @pthread_mutex_unlock(i8*)

define i8* @other(i8* %arg) {
  call i32 @pthread_mutex_lock(i8* getelementptr ([40 x i8], [40 x i8]* @b, i64 0, i64 0))
  call i32 @pthread_mutex_lock(i8* getelementptr ([40 x i8], [40 x i8]* @a, i64 0, i64 0))
  call i32 @pthread_mutex_unlock(i8* getelementptr ([40 x i8], [40 x i8]* @a, i64 0, i64 0))
  call i32 @pthread_mutex_unlock(i8* getelementptr ([40 x i8], [40 x i8]* @b, i64 0, i64 0))
  ret i8* null
}

define i32 @main() {
  %t = alloca i64
  call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @other, i8* null)
  call i32 @pthread_mutex_lock(i8* getelementptr ([40 x i8], [40 x i8]* @a, i64 0, i64 0))
  call i32 @pthread_mutex_lock(i8* getelementptr ([40 x i8], [40 x i8]* @b, i64 0, i64 0))
  call i32 @pthread_mutex_unlock(i8* getelementptr ([40 x i8], [40 x i8]* @b, i64 0, i64 0))
  call i32 @pthread_mutex_unlock(i8* getelementptr ([40 x i8], [40 x i8]* @a, i64 0, i64 0))
  %v = load i64, i64* %t
  call i32 @pthread_join(i64 %v, i8** null)
  ret i32 0
}
