; Globals whose address serves only stores (w_*), and globals read one way
; or another (r_*); LoaderTest checks Global::Unread for each, and
; Global::Unaccessed: true for d_msg (only an assertion's message, and
; compared) alone.
@w_plain = global i32 0
@w_arr = global [4 x i32] zeroinitializer
@w_ptr = global i32* null
@w_init = global i32* @r_init
@r_load = global i32 0
@r_rmw = global i32 0
@r_call = global i32 0
@r_stored = global i32 0
@r_select = global i32 0
@r_cast = global i32 0
@r_init = global i32 0
@r_const = constant i32 7
@r_tls = thread_local global i32 0
@d_msg = private constant [4 x i8] c"abc\00"

declare void @__assert_fail(i8*, i8*, i32, i8*)

define void @sink(i32* %p) {
  %v = load i32, i32* %p
  ret void
}

define i32 @main() {
  %l = load i32, i32* @r_load
  %i = sext i32 %l to i64
  store i32 1, i32* @w_plain
  store atomic i32 2, i32* @w_plain seq_cst, align 4
  store i32 3, i32* getelementptr ([4 x i32], [4 x i32]* @w_arr, i64 0, i64 2)
  %e = getelementptr [4 x i32], [4 x i32]* @w_arr, i64 0, i64 %i
  store i32 4, i32* %e
  %same = icmp eq i32* %e, @w_plain
  store i32* @r_stored, i32** @w_ptr
  %o = atomicrmw add i32* @r_rmw, i32 1 seq_cst
  call void @sink(i32* @r_call)
  %s = select i1 %same, i32* @r_select, i32* null
  store i32 5, i32* %s
  %c = ptrtoint i32* @r_cast to i64
  store i32 6, i32* @r_tls
  %k = load i32, i32* @r_const
  %m = getelementptr [4 x i8], [4 x i8]* @d_msg, i64 0, i64 0
  call void @__assert_fail(i8* %m, i8* %m, i32 1, i8* %m)
  %dm = icmp eq i8* %m, null
  ret i32 %l
}
