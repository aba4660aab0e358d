#!/usr/bin/env bash
# Builds everything and runs every test with ctest (the tiers: docs/testing.md).
#   scripts/test.sh             Release build in build/, every test
#   scripts/test.sh --quick     Release build in build/, the unit tier only (ctest -L unit): everyday work
#   scripts/test.sh --sanitize  AddressSanitizer + UndefinedBehaviorSanitizer build in build-sanitize/
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/deps.sh"
fetaix_install_deps catch2 cli11 toml tmux ssh python3 dpkg-dev man clang-format

dir="$root/build"
config=(-DCMAKE_BUILD_TYPE=Release)
tier=()
case "${1:-}" in
"" | --sanitize) ;;
--quick) tier=(-L unit) ;;
*)
    echo "scripts/test.sh: unknown option '$1' (--quick: the unit tier; --sanitize: every test under the sanitizers)" >&2
    exit 2
    ;;
esac
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
ctest --output-on-failure -j "$(nproc)" "${tier[@]}" || status=$?
# ctest names a skipped test but not why: each says what it did not test (its SKIP: line).
if grep -q '^SKIP: ' Testing/Temporary/LastTest.log 2>/dev/null; then
    echo "Skipped on this machine:"
    grep -h '^SKIP: ' Testing/Temporary/LastTest.log | sed 's/^SKIP: /  /'
fi
exit $status
