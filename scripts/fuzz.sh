#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for SECONDS (default 60) from the seed corpus
# in tests/fuzz/corpus. Exits non-zero on any crash, leak, sanitizer report or failed round trip.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
source "$root/scripts/deps.sh"
fetaix_install_deps clang
cmake -S "$root" -B "$root/build-fuzz" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DFETAIX_FUZZ=ON \
      -DFETAIX_BUILD_TESTS=OFF -DFETAIX_BUILD_PROGRAM=OFF -DFETAIX_INSTALL=OFF >/dev/null
cmake --build "$root/build-fuzz"
for target in fen move pdn net; do
    # New inputs go to a scratch folder; the committed seeds stay as they are.
    scratch=$(mktemp -d)
    echo "fuzz: $target for ${seconds}s"
    # A failing input is kept in build-fuzz/ (never in the source tree) and shown in the log.
    "$root/build-fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$root/build-fuzz/$target-" -print_final_stats=1 "$scratch" \
        "$root/tests/fuzz/corpus/$target" 2>"$scratch.log" ||
        { tail -50 "$scratch.log"; echo "fuzz: $target FAILED" >&2; exit 1; }
    grep -E "stat::number_of_executed_units|Done" "$scratch.log" | tail -2
    rm -rf "$scratch" "$scratch.log"
done
echo "fuzz: all targets ran ${seconds}s without a failure"
