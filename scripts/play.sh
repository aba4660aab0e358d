#!/usr/bin/env bash
# Builds fetaix (Release) and starts it; arguments go to the program.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/deps.sh"
fetaix_install_deps cli11 toml
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" --target fetaix >/dev/null
exec "$root/build/fetaix" "$@"
