#!/bin/bash
# Formats every tracked C++ file with clang-format 14 and the project's .clang-format (the version the
# style is written for: another version lays some lines out differently).
#   scripts/format.sh          formats the files in place
#   scripts/format.sh --check  changes nothing; prints each file that differs and exits 1
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
check=0
case "${1:-}" in
    "") ;;
    --check) check=1 ;;
    *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac
tool=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "format.sh: $tool not found: install the Debian package clang-format-14 (apt-get install clang-format-14)" >&2
    exit 1
fi
# The files of a clone; in an unpacked source tree (no git), the project's C++ folders.
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # Tracked and new (not ignored) files, as they stand in the work tree.
    mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp' '*.h' |
        sort -u | while IFS= read -r f; do [ -e "$f" ] && printf '%s\n' "$f"; done)
else
    mapfile -t files < <(find include src tests scripts -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) | sort)
fi
if [ "$check" -eq 0 ]; then
    "$tool" -i --style=file "${files[@]}" || { echo "format.sh: $tool failed" >&2; exit 1; }
    exit 0
fi
status=0
for f in "${files[@]}"; do
    if ! formatted=$("$tool" --style=file "$f"); then
        echo "format.sh: $tool failed on $f" >&2
        status=1
    elif [ "$formatted" != "$(cat "$f")" ]; then
        echo "$f: not formatted as .clang-format says"
        status=1
    fi
done
[ "$status" -eq 0 ] || echo "Fix: scripts/format.sh (formats every file in place)"
exit "$status"
