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

# expect_exact STATUS EXPECTED ARGS...: like expect, but stdout and stderr together must be exactly EXPECTED.
expect_exact() {
    local status=$1 expected=$2
    shift 2
    local out
    out=$(timeout 10 "$BIN" "$@" 2>&1 </dev/null)
    local got=$?
    [ "$got" -eq 124 ] && fail "hung: fetaix $*"
    [ "$got" -eq "$status" ] || fail "fetaix $*: exit $got, expected $status; output: $out"
    [ "$out" = "$expected" ] || fail "fetaix $(printf '%q ' "$@"): output $(printf '%q' "$out"), expected $(printf '%q' "$expected")"
    echo "ok: fetaix $(printf '%q ' "$@")-> $got: $out"
}

case "${1:?case}" in
good)
    printf '[White "Ali"]\n[Black "Zineb"]\n1. d3-c3 b3xd3 2. e3xc3 d4-d3 3. c3xe3 c5-d4 4. e3xc5 e5-d4\n5. c5xc3xe5xe3 a3-b3 6. e3xa3xc5xe5 a5-b4 7. e5xa5xa3xc5 1-0\n\n[Event "second"]\n1. c2-c3 *\n' >"$dir/two.pdn"
    expect 0 'game 1: 7 moves, 1-0 \(all pieces captured\)' check "$dir/two.pdn"
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
cut_off)
    # A record cut short, after a move number or after a move, is legal but says where it may have been
    # cut; the screen-reader's open (the screen's o) says the same after Opened.
    moves='1. d3-c3 b3xd3 2. e3xc3 d4-d3 3. c3xe3 c5-d4 4. e3xc5 e5-d4\n'
    printf "[White \"Ali\"]\n\n$moves"'5. ' >"$dir/number.pdn"
    expect_exact 0 "note: line 4: the record ends at move number 5. with no move and no result (1-0, 0-1, 1/2-1/2 or *): it looks cut off there
game 1: 4 moves, * (unfinished)
$dir/number.pdn: 1 game, all moves legal" check "$dir/number.pdn"
    printf "[White \"Ali\"]\n\n$moves" >"$dir/move.pdn"
    expect_exact 0 "note: no result (1-0, 0-1, 1/2-1/2 or *) after move 4 'e5-d4': the record may have been cut off there
game 1: 4 moves, * (unfinished)
$dir/move.pdn: 1 game, all moves legal" check "$dir/move.pdn"
    # With its result token it is whole: no note.
    printf "[White \"Ali\"]\n\n${moves}*\n" >"$dir/whole.pdn"
    expect_exact 0 "game 1: 4 moves, * (unfinished)
$dir/whole.pdn: 1 game, all moves legal" check "$dir/whole.pdn"
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
escapes)
    # Bytes of a file, a path or an argument never reach the terminal raw: control characters show
    # as ^[ ^G, C1 controls as \u009B, invalid UTF-8 as \xFF, on stdout and stderr alike.
    printf '[Majority "\033]0;PWNED\007"]\n*\n' >"$dir/title.pdn"
    expect_exact 1 "fetaix: $dir/title.pdn: line 1, column 1: tag Majority: expected yes or no, found \"^[]0;PWNED^G\"" \
        check "$dir/title.pdn"
    printf '[Event "x"]\n1. c2-c3\033[2J *\n' >"$dir/move.pdn"
    expected="fetaix: $dir/move.pdn: line 2, column 4: move 1 'c2-c3^[': expected '-' or 'x' after c3, found '^['"
    expect_exact 1 "$expected" check "$dir/move.pdn"
    expect_exact 1 "$expected" "$dir/move.pdn"
    expect_exact 1 "$expected" replay "$dir/move.pdn"
    printf '[FEN "W:Wa1\033[1m:Bb5"]\n*\n' >"$dir/fen.pdn"
    expect_exact 1 "fetaix: $dir/fen.pdn: line 1, column 1: tag FEN: bad position: column 6: expected ',' or ':' after a piece, found '^['" \
        check "$dir/fen.pdn"
    printf '[Majority "\302\23331m"]\n*\n' >"$dir/c1.pdn"
    expect_exact 1 "fetaix: $dir/c1.pdn: line 1, column 1: tag Majority: expected yes or no, found \"\\u009B31m\"" \
        check "$dir/c1.pdn"
    # The path itself, on stderr when it cannot be opened and on stdout when it is checked.
    expect_exact 1 "fetaix: cannot open $dir/p^[]0;x^G.pdn: No such file or directory" check "$dir/p"$'\e]0;x\a'".pdn"
    printf '1. c2-c3 *\n' >"$dir/g"$'\e[31m'".pdn"
    expect_exact 0 "game 1: 1 move, * (unfinished)
$dir/g^[[31m.pdn: 1 game, all moves legal" check "$dir/g"$'\e[31m'".pdn"
    # Arguments echoed in usage errors, invalid UTF-8 included.
    expect_exact 2 "fetaix: perft: DEPTH must be a number from 1 to 30, not '\\xFF'" perft $'\xff'
    expect_exact 2 "fetaix: --time: expected a decimal number of seconds from 0.05 to 3600, not '^[[2J'" analyze --time $'\e[2J'
    expect_exact 2 "fetaix: unknown option '--^G\\xC3' (see fetaix --help)" $'--\a\xc3'
    expect_exact 2 "fetaix: --white: a name cannot hold control characters or invalid UTF-8 ('A^[[31mB')" --white $'A\e[31mB'
    expect_exact 2 "fetaix: --black: a name cannot hold control characters or invalid UTF-8 ('Jos\\xE9')" --black $'Jos\xe9'
    ;;
named_like_command)
    # A file named like a command opens as ./NAME or after --; the command's --help is its help.
    printf '[Event "x"]\n1. c2-c3 c4xc2\n2. c1-c2 *\n' >"$dir/perft"
    cp "$dir/perft" "$dir/--help"
    cp "$dir/perft" "$dir/-x.pdn"
    cd "$dir" || fail "cd $dir"
    expect 1 "^fetaix: ./perft: line 3, column 4: move 2 'c1-c2'" ./perft
    expect 1 "^fetaix: perft: line 3, column 4: move 2 'c1-c2'" -- perft
    expect 1 "^fetaix: perft: line 3, column 4: move 2 'c1-c2'" --ascii -- perft
    expect 0 '^  fetaix check FILE.pdn$' check --help
    expect 1 "^fetaix: --help: line 3, column 4: move 2 'c1-c2'" check -- --help
    expect 1 "^fetaix: -x.pdn: line 3, column 4: move 2 'c1-c2'" -- -x.pdn
    # Without --, a word starting with - is an option, never a file.
    expect_exact 2 "fetaix: unknown option '-x.pdn' (see fetaix --help)" -x.pdn
    expect_exact 2 "fetaix: check: unknown option '-x.pdn' (see fetaix check --help)" check -x.pdn
    expect_exact 2 "fetaix: unknown option '-5' (see fetaix --help)" -5
    ;;
*)
    echo "unknown case $1" >&2
    exit 2
    ;;
esac
echo "PASS: $1"
