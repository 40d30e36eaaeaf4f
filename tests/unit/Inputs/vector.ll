define i32 @main() {
  %v = insertelement <2 x i32> zeroinitializer, i32 1, i32 0
  %e = extractelement <2 x i32> %v, i32 0
  ret i32 %e
}
