// VC-DPOR orders the conflicting leaf events a replay discovers, one child
// per consistent ordering, and closes each. The enumeration checked no limit,
// so where the closure rejected nearly every ordering (an SV-COMP stack whose
// atomic sections clang -O1 inlines, creating threads without end) --timeout
// was ignored for good. Now the limit ends it as it ends everything else.
// REQUIRES: shared-benchmarks
// RUN: %clang -O1 -g -S -emit-llvm -w -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -o %t.ll %benchmarks/svcomp/c/pthread-ext/36_stack_cas_p0_vs_concur.c
// RUN: %expect-exit 3 %vcdpor --engine=vc --timeout 2 --json %t.vc.json %t.ll
// RUN: %python %S/../Inputs/check_limit.py %t.vc.json --timeout 2 --min-executions 0 | %FileCheck %s
// CHECK: check_limit: vc timeout: measured
