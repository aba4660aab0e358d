#!/usr/bin/env bash
# Builds everything and runs every test with ctest.
#   scripts/test.sh             Release build in build/
#   scripts/test.sh --sanitize  AddressSanitizer + UndefinedBehaviorSanitizer build in build-sanitize/
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/deps.sh"
fetaix_install_deps catch2 cli11 toml tmux python3 dpkg-dev man

dir="$root/build"
config=(-DCMAKE_BUILD_TYPE=Release)
if [ "${1:-}" = "--sanitize" ]; then
    dir="$root/build-sanitize"
    config=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DFETAIX_SANITIZE=ON)
    # A second compiler catches what the first lets through.
    fetaix_install_deps clang
    config+=(-DCMAKE_CXX_COMPILER=clang++)
fi
cmake -S "$root" -B "$dir" -G Ninja "${config[@]}" >/dev/null
cmake --build "$dir"
cd "$dir"
status=0
ctest --output-on-failure -j "$(nproc)" || status=$?
# ctest names a skipped test but not why: each says what it did not test (its SKIP: line).
if grep -q '^SKIP: ' Testing/Temporary/LastTest.log 2>/dev/null; then
    echo "Skipped on this machine:"
    grep -h '^SKIP: ' Testing/Temporary/LastTest.log | sed 's/^SKIP: /  /'
fi
exit $status
