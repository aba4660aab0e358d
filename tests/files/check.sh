#!/usr/bin/env bash
# `fetaix check` and `fetaix FILE` on good and hostile files: a clear message, never a crash or hang.
# Usage: FETAIX_BIN=path check.sh CASE
set -u
BIN=${FETAIX_BIN:?}
dir=$(mktemp -d)
trap 'chmod -R u+rwx "$dir"; rm -rf "$dir"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# expect STATUS REGEX ARGS...: runs fetaix with a 10 s limit, checks the exit status and the output.
expect() {
    local status=$1 pattern=$2
    shift 2
    local out
    out=$(timeout 10 "$BIN" "$@" 2>&1 </dev/null)
    local got=$?
    [ "$got" -eq 124 ] && fail "hung: fetaix $*"
    [ "$got" -eq "$status" ] || fail "fetaix $*: exit $got, expected $status; output: $out"
    echo "$out" | grep -qE -- "$pattern" || fail "fetaix $*: output '$out' does not match /$pattern/"
    echo "ok: fetaix $* -> $got: $(echo "$out" | head -1)"
}

case "${1:?case}" in
good)
    printf '[White "Ali"]\n[Black "Zineb"]\n1. d3-c3 b3xd3 2. e3xc3 d4-d3 3. c3xe3 c5-d4 4. e3xc5 e5-d4\n5. c5xc3xe5xe3 a3-b3 6. e3xa3xc5xe5 a5-b4 7. e5xa5xa3xc5 1-0\n\n[Event "second"]\n1. c2-c3 *\n' >"$dir/two.pdn"
    expect 0 'game 1: 13 moves, 1-0 \(all pieces captured\)' check "$dir/two.pdn"
    expect 0 'game 2: 1 move, \* \(unfinished\)' check "$dir/two.pdn"
    expect 0 '2 games, all moves legal' check "$dir/two.pdn"
    ;;
illegal)
    printf '[Event "x"]\n1. c2-c3 c4xc2\n2. c1-c2 *\n' >"$dir/bad.pdn"
    expect 1 "bad.pdn: line 3, column 4: move 2 'c1-c2'" check "$dir/bad.pdn"
    expect 1 "bad.pdn: line 3, column 4: move 2 'c1-c2'" "$dir/bad.pdn"
    ;;
too_large)
    head -c 1100000 /dev/zero | tr '\0' ' ' >"$dir/big.pdn"
    expect 1 'too large for a game record \(over 1 MiB\)' check "$dir/big.pdn"
    expect 1 'too large' "$dir/big.pdn"
    ;;
binary)
    head -c 4096 /dev/urandom >"$dir/noise.pdn"
    printf '1. c2-c3\0*' >"$dir/nul.pdn"
    expect 1 'binary data|not valid UTF-8' check "$dir/noise.pdn"
    expect 1 'holds binary data' check "$dir/nul.pdn"
    ;;
invalid_utf8)
    printf '[White "Jos\xe9"]\n*\n' >"$dir/latin1.pdn"
    expect 1 'is not valid UTF-8 text' check "$dir/latin1.pdn"
    ;;
unknown_tag)
    printf '[Mood "cheerful"]\n1. c2-c3 *\n' >"$dir/tag.pdn"
    expect 0 'note: line 1: unknown tag \[Mood\] kept as it is' check "$dir/tag.pdn"
    ;;
empty)
    : >"$dir/empty.pdn"
    expect 1 'empty.pdn is empty' check "$dir/empty.pdn"
    printf '   \n\n' >"$dir/blank.pdn"
    expect 1 'no game found' check "$dir/blank.pdn"
    ;;
directory)
    expect 1 'is a folder, not a game record' check "$dir"
    expect 1 'is a folder' "$dir"
    ;;
unreadable)
    expect 1 'cannot open .*No such file or directory' check "$dir/missing.pdn"
    expect 1 'cannot open .*No such file or directory' replay "$dir/missing.pdn"
    printf 'x' >"$dir/plain"
    expect 1 'Not a directory' check "$dir/plain/game.pdn"
    expect 1 'not a regular file' check /dev/null
    ;;
*)
    echo "unknown case $1" >&2
    exit 2
    ;;
esac
echo "PASS: $1"
