declare i32 @rand()
define i32 @main() {
  %r = call i32 @rand()
  ret i32 %r
}
