#!/usr/bin/env bash
# The layers check itself: on a small tree made here it must pass a downward include and name, by file
# and line, an include that runs up and one between the two front ends (peers of one layer).
set -u
check=$(cd "$(dirname "$0")" && pwd)/check.sh
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/include/fetaix" "$root/src/play" "$root/src/tui" "$root/src/line"
printf '#pragma once\n' >"$root/include/fetaix/game.hpp"
printf '#pragma once\n#include <fetaix/game.hpp>\n' >"$root/src/play/table.hpp"
printf '#pragma once\n#include "play/table.hpp"\n' >"$root/src/tui/frame.hpp"
printf '#include "play/table.hpp"\n' >"$root/src/line/line_game.cpp"
out=$(bash "$check" "$root" 2>&1) || { echo "a tree of downward includes was refused: $out"; exit 1; }
printf '#include "play/table.hpp"\n#include "tui/frame.hpp"\n' >"$root/src/line/line_game.cpp"
printf '#pragma once\n#include <fetaix/game.hpp>\n#include "tui/frame.hpp"\n' >"$root/src/play/table.hpp"
out=$(bash "$check" "$root" 2>&1) && { echo "an upward and a peer's include passed: $out"; exit 1; }
expected="src/line/line_game.cpp:2: screen-reader front end includes tui/frame.hpp, curses front end: peers of layer 6 do not include each other
src/play/table.hpp:3: play (layer 4) includes tui/frame.hpp, curses front end (layer 6): a lower layer may not include a higher one"
[ "$out" = "$expected" ] || { printf 'expected:\n%s\ngot:\n%s\n' "$expected" "$out"; exit 1; }
echo "layers check: refuses an upward and a peer's include, passes the rest"
