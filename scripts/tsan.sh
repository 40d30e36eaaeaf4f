#!/bin/sh
# Builds vcdpor under ThreadSanitizer (BUILD_DIR, default build-tsan) and
# runs parallel VC-DPOR (--threads 2 --hand-off-all, with --all-errors and
# with --stop-on-first, whose workers share the ledger) on every lit
# program; fails on any TSan report. Not part of the CI suite (the build
# alone takes minutes on 2 cores).
#   scripts/tsan.sh [BUILD_DIR]
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-"$ROOT/build-tsan"}
"$ROOT/scripts/setup.sh" "$BUILD" -DVCDPOR_MIMALLOC=OFF \
  -DCMAKE_CXX_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread
export TSAN_OPTIONS="halt_on_error=0 suppressions=$ROOT/tests/tsan.supp"
fail=0
n=0
for f in "$ROOT"/tests/lit/*/*.c "$ROOT"/tests/difftest/regressions/*.c; do
  for mode in --all-errors --stop-on-first; do
    out=$(timeout 120 "$BUILD/tools/vcdpor" --opt=0 --engine=vc $mode \
          --threads 2 --hand-off-all "$f" 2>&1 || true)
    n=$((n + 1))
    if echo "$out" | grep -q "ThreadSanitizer"; then
      echo "tsan: report on $f ($mode)"
      echo "$out" | grep -A20 "WARNING: ThreadSanitizer" | head -40
      fail=1
    fi
  done
done
[ $fail = 0 ] && echo "tsan.sh: $n runs, no ThreadSanitizer report"
exit $fail
