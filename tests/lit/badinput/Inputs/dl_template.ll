; A pointer stored to memory and loaded back; unsupported_datalayout.test
; replaces DL below with the layout under test.
target datalayout = "DL"

@g = global i32 7
@p = global i32* null

define i32 @main() {
  store i32* @g, i32** @p
  %q = load i32*, i32** @p
  %v = load i32, i32* %q
  %c = icmp eq i32 %v, 7
  br i1 %c, label %ok, label %bad
ok:
  ret i32 0
bad:
  call void @abort()
  unreachable
}

declare void @abort()
