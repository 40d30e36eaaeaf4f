#!/bin/sh
# Installs everything vcdpor needs on Debian 12 and builds it. Idempotent:
# packages already present are left alone, an existing build is reused.
#   scripts/setup.sh [BUILD_DIR] [extra cmake args...]
#   VCDPOR_BROWSER_TESTS=1 scripts/setup.sh ...   also Chromium and Graphviz
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-"$ROOT/build"}
[ $# -gt 0 ] && shift

PKGS="cmake make g++ python3 llvm-14-dev clang-14 llvm-14-tools libclang-rt-14-dev \
  libboost-dev libtbb-dev nlohmann-json3-dev libgtest-dev libgmock-dev libz3-dev \
  libbenchmark-dev python3-matplotlib zlib1g-dev libzstd-dev libedit-dev libxml2-dev \
  libncurses-dev libffi-dev libmimalloc-dev libyaml-dev libxml2-utils python3-yaml \
  libppl-dev libc6-dev-i386 \
  python3-jsonschema"
# The browser tests (tests/lit/trace/browser.test) and the rendering of
# --trace-dot graphs: installed when the whole suite runs (scripts/test.sh).
if [ "${VCDPOR_BROWSER_TESTS:-0}" = 1 ]; then
  PKGS="$PKGS chromium graphviz"
fi
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "setup: installing$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$BUILD" -j2
