#!/bin/sh
# Sets everything up (packages, build) and runs the whole test suite: the
# RelWithDebInfo build, then a Debug build under AddressSanitizer and UBSan.
#   scripts/test.sh            both builds
#   VCDPOR_SKIP_SANITIZE=1 scripts/test.sh   only the first
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# The suite includes the browser tests: setup installs Chromium for them.
export VCDPOR_BROWSER_TESTS=1
"$ROOT/scripts/setup.sh" "$ROOT/build"
(cd "$ROOT/build" && ctest --output-on-failure -j2)
if [ "${VCDPOR_SKIP_SANITIZE:-0}" != 1 ]; then
  "$ROOT/scripts/setup.sh" "$ROOT/build-asan" -DCMAKE_BUILD_TYPE=Debug -DVCDPOR_SANITIZE=ON
  (cd "$ROOT/build-asan" && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest --output-on-failure -j2)
fi
echo "test.sh: all tests passed"
