#!/bin/sh
# Builds the libFuzzer target (tests/fuzz/) with clang++-14 in its own build
# directory, seeds a corpus with the lit programs lowered to IR, and fuzzes
# the loader and executor with one process.
#   scripts/fuzz.sh [SECONDS] [BUILD_DIR]     (defaults: 600, build-fuzz)
# Crashes, hangs and sanitizer reports are written to BUILD_DIR/artifacts/;
# the growing corpus is kept in BUILD_DIR/corpus/ and reused by later runs.
# Extra libFuzzer flags can be passed in FUZZ_FLAGS.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECS=${1:-600}
BUILD=${2:-"$ROOT/build-fuzz"}
JOBS=${FUZZ_BUILD_JOBS:-1}

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DVCDPOR_FUZZ=ON >/dev/null
cmake --build "$BUILD" --target vcdpor_fuzz_load -j"$JOBS"

# Seeds: every lit .ll as is, every lit .c lowered as the loader lowers it
# (same flags, no debug info to keep inputs short) at -O0 and -O1. Bitcode
# seeds only with VCDPOR_FUZZ_BITCODE=1 (see tests/fuzz/LoadFuzzer.cpp).
SEEDS="$BUILD/seeds"
mkdir -p "$SEEDS" "$BUILD/corpus" "$BUILD/artifacts"
if [ -z "$(ls -A "$SEEDS")" ]; then
  CFLAGS="-w -fgnu89-inline -fno-vectorize -fno-slp-vectorize -fno-unroll-loops \
    -fno-builtin-printf -I$ROOT/runtime/include"
  n=0
  for f in $(find "$ROOT/tests/lit" -name '*.ll' -not -path '*/Inputs/*'); do
    cp "$f" "$SEEDS/$(echo "$f" | sed "s|$ROOT/tests/lit/||; s|/|_|g")"
  done
  for f in $(find "$ROOT/tests/lit" -name '*.c' -not -path '*/Inputs/*'); do
    base=$(echo "$f" | sed "s|$ROOT/tests/lit/||; s|/|_|g; s|\.c$||")
    clang-14 -S -emit-llvm -O1 $CFLAGS -o "$SEEDS/$base.O1.ll" "$f" 2>/dev/null || true
    clang-14 -S -emit-llvm -O0 -Xclang -disable-O0-optnone $CFLAGS \
      -o "$SEEDS/$base.O0.ll" "$f" 2>/dev/null || true
    n=$((n + 1))
    if [ -n "${VCDPOR_FUZZ_BITCODE:-}" ] && [ $((n % 8)) -eq 0 ]; then
      clang-14 -c -emit-llvm -O1 $CFLAGS -o "$SEEDS/$base.O1.bc" "$f" 2>/dev/null || true
    fi
  done
  echo "fuzz.sh: $(ls "$SEEDS" | wc -l) seeds in $SEEDS"
fi

# -timeout well above the per-input budget (0.5 s, 50 executions) so only a
# real hang trips it; leaks are reported too.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
"$BUILD/tests/fuzz/vcdpor_fuzz_load" \
  -max_total_time="$SECS" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
  -dict="$ROOT/tests/fuzz/ll.dict" -artifact_prefix="$BUILD/artifacts/" \
  -print_final_stats=1 ${FUZZ_FLAGS:-} "$BUILD/corpus" "$SEEDS"
