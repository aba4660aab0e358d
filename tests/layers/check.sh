#!/usr/bin/env bash
# The folders are the layers: a file may include its own layer and those below it, never one above, and
# never a peer (another part of its own layer: the two front ends do not use each other).
# Reads every #include "..." and #include <fetaix/...> under include/ and src/ and names each file and
# line that includes upward, and each file in a folder the table does not place.
# Usage: check.sh [SOURCE_DIR]
set -u
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 1

# The one table: folder, layer (higher runs on lower), name. The longest folder that holds a file wins.
layers=(
    "include/fetaix         0 rules core"
    "src/text               0 text"
    "src/store              1 files"
    "src/rating             1 ratings"
    "include/fetaix/solve   2 solving"
    "src/solve              2 solving"
    "include/fetaix/engine  3 engine"
    "src/engine             3 engine"
    "src/play               4 play"
    "src/net                4 network"
    "src/learn              4 lessons"
    "src/puzzle             4 puzzles"
    "src/front              5 what the front ends share"
    "src/tui                6 curses front end"
    "src/line               6 screen-reader front end"
    "src/cli                7 command line"
    "src/server             7 SSH server"
    "src/config             8 settings file"
    "src/commands           9 commands"
    "src/main.cpp          10 main"
)

# Prints "LAYER NAME" of a path, or nothing when no folder of the table holds it.
layer_of() {
    local path=$1 best="" best_len=0 row folder
    for row in "${layers[@]}"; do
        read -r folder _ <<<"$row"
        if [[ $path == "$folder" || $path == "$folder"/* ]] && (( ${#folder} > best_len )); then
            best=$row best_len=${#folder}
        fi
    done
    [[ -n $best ]] && { read -r _ level name <<<"$best"; echo "$level $name"; }
}

# The file an include names, as a path from the root: beside the including file, else under src/ or
# include/ (the build's include folders); <fetaix/...> is under include/ (version.hpp is generated there).
resolve() {
    local from=$1 kind=$2 name=$3 candidate
    if [[ $kind == '"' ]]; then
        candidate=$(realpath -m --relative-to=. "$(dirname "$from")/$name")
        [[ -e $candidate ]] && { echo "$candidate"; return; }
        [[ -e src/$name ]] && { echo "src/$name"; return; }
    fi
    [[ $name == fetaix/* ]] && echo "include/$name"
}

include_line='^[[:space:]]*#[[:space:]]*include[[:space:]]*(["<])([^">]+)[">]'
status=0
while IFS= read -r file; do
    own=$(layer_of "$file")
    if [[ -z $own ]]; then
        echo "$file: in no layer (add its folder to the table in tests/layers/check.sh)"
        status=1
        continue
    fi
    read -r own_level own_name <<<"$own"
    while IFS=: read -r line text; do
        [[ $text =~ $include_line ]] || continue
        kind=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
        [[ $kind == '<' && $name != fetaix/* ]] && continue
        target=$(resolve "$file" "$kind" "$name")
        [[ -z $target ]] && continue  # a system header
        theirs=$(layer_of "$target")
        [[ -z $theirs ]] && continue
        read -r their_level their_name <<<"$theirs"
        if (( their_level > own_level )); then
            echo "$file:$line: $own_name (layer $own_level) includes $name, $their_name (layer $their_level): a lower layer may not include a higher one"
            status=1
        elif (( their_level == own_level )) && [[ $their_name != "$own_name" ]]; then
            echo "$file:$line: $own_name includes $name, $their_name: peers of layer $own_level do not include each other"
            status=1
        fi
    done < <(grep -n '#[[:space:]]*include' "$file")
done < <(find include src -type f \( -name '*.hpp' -o -name '*.cpp' -o -name '*.hpp.in' \) | sort)

if (( status == 0 )); then echo "layers: every include runs down"; fi
exit $status
