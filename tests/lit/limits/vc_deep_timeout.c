// An SV-COMP stack whose main creates threads without end: VC-DPOR's first
// execution never finishes, and the search goes one continued node deeper
// per choice, each level holding a copy of an order that grows with the
// thread count. --timeout must end it within 5% (plus check_limit.py's
// 0.25 s for a busy machine) with what was covered.
// (The test was written for the ordering enumeration, which checks limits
// too; since atomic functions stay out of line at -O1 (08b63e6) this program
// no longer makes the closure reject orderings, so it exercises the depth.)
// One second, not two: under ASan, freeing the search's nodes after the stop
// takes time that grows with the memory they hold (measured: about 10 ms at
// 1 s; 27-50 ms at 2 s, and 111 ms in a loaded CI run), and it counts.
// REQUIRES: shared-benchmarks
// RUN: %clang -O1 -g -S -emit-llvm -w -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -o %t.ll %benchmarks/svcomp/c/pthread-ext/36_stack_cas_p0_vs_concur.c
// RUN: %expect-exit 3 %vcdpor --engine=vc --timeout 1 --json %t.vc.json %t.ll
// RUN: %python %S/../Inputs/check_limit.py %t.vc.json --timeout 1 --min-executions 0 | %FileCheck %s
// CHECK: check_limit: vc timeout: measured
