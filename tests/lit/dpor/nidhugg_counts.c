// Complete-execution counts of Source- and Optimal-DPOR against the
// published Nidhugg 0.4 figures (../shared/benchmarks/reference/
// nidhugg-0.4-sc-counts.tsv), on the rows that run in well under a second.
// Source also matches Nidhugg's sleep-set-blocked counts; Optimal has none.
// Rows left out take seconds (opt_lock 11, lastzero 12, ...) and are in
// benchmarks/; reorder_c11_bad stops at its first error, where the count
// depends on exploration order, so only its verdict is checked here.
// REQUIRES: shared-benchmarks
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=5 %benchmarks/nidhugg/from_CONCUERROR/lastzero.c | %FileCheck %s --check-prefix=LASTZERO_5_SOURCE
// LASTZERO_5_SOURCE: Executions: 64 (blocked 0, bounded 0)
// LASTZERO_5_SOURCE-NEXT: Sleep-set blocked: 33
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=5 %benchmarks/nidhugg/from_CONCUERROR/lastzero.c | %FileCheck %s --check-prefix=LASTZERO_5_OPTIMAL
// LASTZERO_5_OPTIMAL: Executions: 64 (blocked 0, bounded 0)
// LASTZERO_5_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=10 %benchmarks/nidhugg/from_CONCUERROR/lastzero.c | %FileCheck %s --check-prefix=LASTZERO_10_OPTIMAL
// LASTZERO_10_OPTIMAL: Executions: 3328 (blocked 0, bounded 0)
// LASTZERO_10_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DNUM_THREADS=12 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=INDEXER_12_SOURCE
// INDEXER_12_SOURCE: Executions: 8 (blocked 0, bounded 0)
// INDEXER_12_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DNUM_THREADS=12 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=INDEXER_12_OPTIMAL
// INDEXER_12_OPTIMAL: Executions: 8 (blocked 0, bounded 0)
// INDEXER_12_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DNUM_THREADS=13 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=INDEXER_13_SOURCE
// INDEXER_13_SOURCE: Executions: 64 (blocked 0, bounded 0)
// INDEXER_13_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DNUM_THREADS=13 %benchmarks/nidhugg/SV-COMP/indexer.c | %FileCheck %s --check-prefix=INDEXER_13_OPTIMAL
// INDEXER_13_OPTIMAL: Executions: 64 (blocked 0, bounded 0)
// INDEXER_13_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=8 %benchmarks/nidhugg/from_RCMC/readers.c | %FileCheck %s --check-prefix=READERS_8_SOURCE
// READERS_8_SOURCE: Executions: 256 (blocked 0, bounded 0)
// READERS_8_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=8 %benchmarks/nidhugg/from_RCMC/readers.c | %FileCheck %s --check-prefix=READERS_8_OPTIMAL
// READERS_8_OPTIMAL: Executions: 256 (blocked 0, bounded 0)
// READERS_8_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=3 %benchmarks/nidhugg/from_OBSERVERS/fib_bench.c | %FileCheck %s --check-prefix=FIB_BENCH_3_SOURCE
// FIB_BENCH_3_SOURCE: Executions: 1698 (blocked 0, bounded 0)
// FIB_BENCH_3_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=3 %benchmarks/nidhugg/from_OBSERVERS/fib_bench.c | %FileCheck %s --check-prefix=FIB_BENCH_3_OPTIMAL
// FIB_BENCH_3_OPTIMAL: Executions: 1698 (blocked 0, bounded 0)
// FIB_BENCH_3_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=6 %benchmarks/nidhugg/from_DCDPOR/opt_lock.c | %FileCheck %s --check-prefix=OPT_LOCK_6_SOURCE
// OPT_LOCK_6_SOURCE: Executions: 2430 (blocked 0, bounded 0)
// OPT_LOCK_6_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=6 %benchmarks/nidhugg/from_DCDPOR/opt_lock.c | %FileCheck %s --check-prefix=OPT_LOCK_6_OPTIMAL
// OPT_LOCK_6_OPTIMAL: Executions: 2430 (blocked 0, bounded 0)
// OPT_LOCK_6_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=1 %benchmarks/nidhugg/from_RFSC/benchmarks/asserts/SV-COMP/szymanski.c | %FileCheck %s --check-prefix=SZYMANSKI_1_SOURCE
// SZYMANSKI_1_SOURCE: Executions: 1991 (blocked 0, bounded 0)
// SZYMANSKI_1_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=1 %benchmarks/nidhugg/from_RFSC/benchmarks/asserts/SV-COMP/szymanski.c | %FileCheck %s --check-prefix=SZYMANSKI_1_OPTIMAL
// SZYMANSKI_1_OPTIMAL: Executions: 1991 (blocked 0, bounded 0)
// SZYMANSKI_1_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=4 %benchmarks/nidhugg/from_DCDPOR/parker.c | %FileCheck %s --check-prefix=PARKER_4_SOURCE
// PARKER_4_SOURCE: Executions: 316 (blocked 229, bounded 0)
// PARKER_4_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=4 %benchmarks/nidhugg/from_DCDPOR/parker.c | %FileCheck %s --check-prefix=PARKER_4_OPTIMAL
// PARKER_4_OPTIMAL: Executions: 316 (blocked 229, bounded 0)
// PARKER_4_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=8 %benchmarks/nidhugg/from_DCDPOR/parker.c | %FileCheck %s --check-prefix=PARKER_8_SOURCE
// PARKER_8_SOURCE: Executions: 2008 (blocked 1423, bounded 0)
// PARKER_8_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=8 %benchmarks/nidhugg/from_DCDPOR/parker.c | %FileCheck %s --check-prefix=PARKER_8_OPTIMAL
// PARKER_8_OPTIMAL: Executions: 2008 (blocked 1423, bounded 0)
// PARKER_8_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=4 %benchmarks/nidhugg/SV-COMP/sigma.c | %FileCheck %s --check-prefix=SIGMA_4_SOURCE
// SIGMA_4_SOURCE: Executions: 105 (blocked 0, bounded 0)
// SIGMA_4_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=4 %benchmarks/nidhugg/SV-COMP/sigma.c | %FileCheck %s --check-prefix=SIGMA_4_OPTIMAL
// SIGMA_4_OPTIMAL: Executions: 105 (blocked 0, bounded 0)
// SIGMA_4_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=5 %benchmarks/nidhugg/SV-COMP/sigma.c | %FileCheck %s --check-prefix=SIGMA_5_SOURCE
// SIGMA_5_SOURCE: Executions: 945 (blocked 0, bounded 0)
// SIGMA_5_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=5 %benchmarks/nidhugg/SV-COMP/sigma.c | %FileCheck %s --check-prefix=SIGMA_5_OPTIMAL
// SIGMA_5_OPTIMAL: Executions: 945 (blocked 0, bounded 0)
// SIGMA_5_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=6 %benchmarks/nidhugg/from_RCMC/casrot.c | %FileCheck %s --check-prefix=CASROT_6_SOURCE
// CASROT_6_SOURCE: Executions: 144 (blocked 0, bounded 0)
// CASROT_6_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=6 %benchmarks/nidhugg/from_RCMC/casrot.c | %FileCheck %s --check-prefix=CASROT_6_OPTIMAL
// CASROT_6_OPTIMAL: Executions: 144 (blocked 0, bounded 0)
// CASROT_6_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=8 %benchmarks/nidhugg/from_RCMC/casrot.c | %FileCheck %s --check-prefix=CASROT_8_SOURCE
// CASROT_8_SOURCE: Executions: 2048 (blocked 0, bounded 0)
// CASROT_8_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=8 %benchmarks/nidhugg/from_RCMC/casrot.c | %FileCheck %s --check-prefix=CASROT_8_OPTIMAL
// CASROT_8_OPTIMAL: Executions: 2048 (blocked 0, bounded 0)
// CASROT_8_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=4 %benchmarks/nidhugg/from_SCTBench/circular_buffer.c | %FileCheck %s --check-prefix=CIRCULAR_BUFFER_4_SOURCE
// CIRCULAR_BUFFER_4_SOURCE: Executions: 70 (blocked 0, bounded 0)
// CIRCULAR_BUFFER_4_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=4 %benchmarks/nidhugg/from_SCTBench/circular_buffer.c | %FileCheck %s --check-prefix=CIRCULAR_BUFFER_4_OPTIMAL
// CIRCULAR_BUFFER_4_OPTIMAL: Executions: 70 (blocked 0, bounded 0)
// CIRCULAR_BUFFER_4_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=6 %benchmarks/nidhugg/from_SCTBench/circular_buffer.c | %FileCheck %s --check-prefix=CIRCULAR_BUFFER_6_SOURCE
// CIRCULAR_BUFFER_6_SOURCE: Executions: 924 (blocked 0, bounded 0)
// CIRCULAR_BUFFER_6_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=6 %benchmarks/nidhugg/from_SCTBench/circular_buffer.c | %FileCheck %s --check-prefix=CIRCULAR_BUFFER_6_OPTIMAL
// CIRCULAR_BUFFER_6_OPTIMAL: Executions: 924 (blocked 0, bounded 0)
// CIRCULAR_BUFFER_6_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=4 %benchmarks/nidhugg/from_OBSERVERS/floating_read.c | %FileCheck %s --check-prefix=FLOATING_READ_4_SOURCE
// FLOATING_READ_4_SOURCE: Executions: 120 (blocked 0, bounded 0)
// FLOATING_READ_4_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=4 %benchmarks/nidhugg/from_OBSERVERS/floating_read.c | %FileCheck %s --check-prefix=FLOATING_READ_4_OPTIMAL
// FLOATING_READ_4_OPTIMAL: Executions: 120 (blocked 0, bounded 0)
// FLOATING_READ_4_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=6 %benchmarks/nidhugg/from_OBSERVERS/floating_read.c | %FileCheck %s --check-prefix=FLOATING_READ_6_OPTIMAL
// FLOATING_READ_6_OPTIMAL: Executions: 5040 (blocked 0, bounded 0)
// FLOATING_READ_6_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source -DN=4 %benchmarks/nidhugg/from_OBSERVERS/lastwrite.c | %FileCheck %s --check-prefix=LASTWRITE_4_SOURCE
// LASTWRITE_4_SOURCE: Executions: 24 (blocked 0, bounded 0)
// LASTWRITE_4_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal -DN=4 %benchmarks/nidhugg/from_OBSERVERS/lastwrite.c | %FileCheck %s --check-prefix=LASTWRITE_4_OPTIMAL
// LASTWRITE_4_OPTIMAL: Executions: 24 (blocked 0, bounded 0)
// LASTWRITE_4_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 1 %vcdpor --opt=0 --engine=source -DN=3 %benchmarks/nidhugg/from_SCTBench/reorder_c11_bad.c | %FileCheck %s --check-prefix=REORDER_C11_BAD_3_SOURCE
// REORDER_C11_BAD_3_SOURCE: Error: assertion:
// RUN: %expect-exit 1 %vcdpor --opt=0 --engine=optimal -DN=3 %benchmarks/nidhugg/from_SCTBench/reorder_c11_bad.c | %FileCheck %s --check-prefix=REORDER_C11_BAD_3_OPTIMAL
// REORDER_C11_BAD_3_OPTIMAL: Error: assertion:
// RUN: %expect-exit 1 %vcdpor --opt=0 --engine=source -DN=5 %benchmarks/nidhugg/from_SCTBench/reorder_c11_bad.c | %FileCheck %s --check-prefix=REORDER_C11_BAD_5_SOURCE
// REORDER_C11_BAD_5_SOURCE: Error: assertion:
// RUN: %expect-exit 1 %vcdpor --opt=0 --engine=optimal -DN=5 %benchmarks/nidhugg/from_SCTBench/reorder_c11_bad.c | %FileCheck %s --check-prefix=REORDER_C11_BAD_5_OPTIMAL
// REORDER_C11_BAD_5_OPTIMAL: Error: assertion:
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source %benchmarks/nidhugg/SV-COMP/dekker.c | %FileCheck %s --check-prefix=DEKKER_1_SOURCE
// DEKKER_1_SOURCE: Executions: 1599 (blocked 0, bounded 0)
// DEKKER_1_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal %benchmarks/nidhugg/SV-COMP/dekker.c | %FileCheck %s --check-prefix=DEKKER_1_OPTIMAL
// DEKKER_1_OPTIMAL: Executions: 1599 (blocked 0, bounded 0)
// DEKKER_1_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source %benchmarks/nidhugg/from_TRACER/peterson.c | %FileCheck %s --check-prefix=PETERSON_1_SOURCE
// PETERSON_1_SOURCE: Executions: 2420 (blocked 0, bounded 0)
// PETERSON_1_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal %benchmarks/nidhugg/from_TRACER/peterson.c | %FileCheck %s --check-prefix=PETERSON_1_OPTIMAL
// PETERSON_1_OPTIMAL: Executions: 2420 (blocked 0, bounded 0)
// PETERSON_1_OPTIMAL-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=source %benchmarks/nidhugg/from_TRACER/bakery.c | %FileCheck %s --check-prefix=BAKERY_1_SOURCE
// BAKERY_1_SOURCE: Executions: 194 (blocked 0, bounded 0)
// BAKERY_1_SOURCE-NEXT: Sleep-set blocked: 0
// RUN: %expect-exit 0 %vcdpor --opt=0 --engine=optimal %benchmarks/nidhugg/from_TRACER/bakery.c | %FileCheck %s --check-prefix=BAKERY_1_OPTIMAL
// BAKERY_1_OPTIMAL: Executions: 194 (blocked 0, bounded 0)
// BAKERY_1_OPTIMAL-NEXT: Sleep-set blocked: 0
