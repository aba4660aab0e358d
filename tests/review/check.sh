#!/usr/bin/env bash
# fetaix review end to end: the real program on hand-made records, its output compared exactly. The
# values are the endgame tables' (built here, up to 3 pieces, in a folder of the test's own); the unit
# tests (tests/test_review.cpp) check them against the tables and the rules independently of the review.
# Usage: FETAIX_BIN=path check.sh TEST
set -u
BIN=${FETAIX_BIN:?set FETAIX_BIN to the fetaix binary}
export LANG=C.UTF-8 LC_ALL=C.UTF-8
HOME_DIR=$(mktemp -d)
export XDG_DATA_HOME=$HOME_DIR/data XDG_STATE_HOME=$HOME_DIR/state XDG_CONFIG_HOME=$HOME_DIR/config
trap 'rm -rf "$HOME_DIR"' EXIT
cd "$HOME_DIR" || exit 1

fail() {
    echo "FAIL: $*" >&2
    printf -- '---- stdout ----\n%s\n---- stderr ----\n%s\n' "${OUT:-}" "${ERR:-}" >&2
    exit 1
}
# run STATUS ARGS...: fetaix ARGS, which must exit with STATUS; stdout in $OUT, stderr in $ERR.
run() {
    local want=$1
    shift
    OUT=$(timeout 120 "$BIN" "$@" 2>"$HOME_DIR/err")
    local status=$?
    ERR=$(cat "$HOME_DIR/err")
    [ "$status" = "$want" ] || fail "fetaix $*: exit status $status, not $want"
}
expect() {  # expect TEXT LINE...: TEXT is exactly these lines
    local got=$1 want
    shift
    want=$(printf '%s\n' "$@")
    [ "$got" = "$want" ] || { diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") >&2; fail "the lines differ (- expected, + got)"; }
}

# White's man and mullah against a lone mullah, won for White; 2. b3-c3 lets Black's mullah take both pieces.
cat >ending.pdn <<'PDN'
[White "Amina"]
[Black "Yusuf"]
[Result "0-1"]
[FEN "W:Wa2,Kd3:BKe1"]

1. d3-b3 e1-d2 2. b3-c3 d2xa5xa1 0-1
PDN

case "${1:?test name}" in
no_tables)
    # Without tables the ending is the engine's: no proven value, and the capture that ends it the rules'.
    run 0 review ending.pdn --time 0.05
    [ -z "$ERR" ] || fail "standard error: $ERR"
    grep -qx '  2\.\.\. d2xa5xa1: win in 1 ply (rules) -> won (rules)' <<<"$OUT" || fail "the last move is not the rules' win"
    if grep -q '(tables)' <<<"$OUT"; then fail "a value from tables that are not built"; fi
    ;;
review)
    run 0 tablebase build --pieces 3
    run 0 review ending.pdn --time 0.05
    [ -z "$ERR" ] || fail "standard error: $ERR"
    expect "$OUT" \
        "Amina - Yusuf, 0-1 (all pieces captured)" \
        "Values are for the side that moves: before the move -> after it." \
        "Start: White to move, win in 19 plies (tables)" \
        "Decisive: 2. b3-c3, after which White was lost (b3-b1 instead)" \
        "Turning points:" \
        "  2. b3-c3: turned a win into a loss; b3-b1 kept the win" \
        "Moves:" \
        "  1. d3-b3: win in 19 plies (tables) -> win in 18 plies (tables)" \
        "  1... e1-d2: loss in 18 plies (tables) -> loss in 17 plies (tables)" \
        "  2. b3-c3: win in 17 plies (tables) -> loss in 1 ply (tables)  [turned]" \
        "  2... d2xa5xa1: win in 1 ply (tables) -> won (rules)"
    ;;
annotate)
    run 0 tablebase build --pieces 3
    run 0 review ending.pdn --time 0.05 --annotate
    [ -z "$ERR" ] || fail "standard error: $ERR"
    expect "$OUT" \
        '[White "Amina"]' '[Black "Yusuf"]' '[Result "0-1"]' '[FEN "W:Wa2,Kd3:BKe1"]' \
        '[BackwardCaptures "no"]' '[Promotion "end"]' '[Majority "no"]' '[NoProgress "50"]' '' \
        '{[%eval #W19 tables]} 1. d3-b3 {[%eval #W18 tables]} e1-d2' \
        '{[%eval #W17 tables]} 2. b3-c3 {[%eval #B1 tables] turned a win into a loss;' \
        'b3-b1 kept the win} d2xa5xa1 {[%eval #B0 rules]} 0-1'
    # Read back by fetaix: the same game.
    printf '%s\n' "$OUT" >annotated.pdn
    run 0 check annotated.pdn
    expect "$OUT" "game 1: 2 moves, 0-1 (all pieces captured)" "annotated.pdn: 1 game, all moves legal"
    # -o writes a new file, and says where.
    run 0 review ending.pdn --time 0.05 --annotate -o out.pdn
    expect "$ERR" "fetaix: the annotated record is in out.pdn"
    cmp -s out.pdn annotated.pdn || fail "the file written differs from what was printed"
    # -o - is standard output; --depth gives the same values on every run.
    run 0 review ending.pdn --depth 3 --annotate -o -
    [ "$OUT" = "$(cat annotated.pdn)" ] || fail "-o - did not print the record"
    ;;
book)
    # A game lost against level 1 (no tables): from 5... c4-b4 the book proves only White's hold, so the
    # moves that lost are weighed by the engine's measure. 7... d4-c4 lets 8. a3-a4 a5xa3 9. d3-c3 c4xc2
    # 10. c1xc3xa5 take the mullah (tests/test_review.cpp shows it by hand); 12... e4-e3 lets White's new
    # mullah take three men (13. e2xe4 e5xe3 14. c3-c4 c5xc3 15. a5xc5xe5xb2).
    cat >lost.pdn <<'PDN'
[White "Amina"]
[Black "fetaix level 1"]
[Result "1-0"]

1. c2-c3 c4xc2 2. c1xc3 a3xc1 3. c3xa3 b4-b3 4. a3xc3 c1xc4 5. d1-c1 c4-b4
6. a2-a3 a4xa2 7. a1xa3 d4-c4 8. a3-a4 a5xa3 9. d3-c3 c4xc2 10. c1xc3xa5 a3-b3
11. d2-c3 b3xd3 12. e3xc3 e4-e3 13. e2xe4 e5xe3 14. c3-c4 c5xc3 15. a5xc5xe5xb2
e3-d3 16. b2-d2 d3xd1 17. e1xc1 1-0
PDN
    run 0 review lost.pdn --depth 6
    [ -z "$ERR" ] || fail "standard error: $ERR"
    head=$(sed -n '3,/^Moves:/p' <<<"$OUT" | sed 's/: lost [0-9.]* by/: lost N by/; s/choice ([-+0-9.]* for/choice (V for/')
    expect "$head" \
        "Start: White to move, draw (book)" \
        "Decisive: 12... e4-e3, after which Black was lost by the engine's measure (b5-b4 instead)" \
        "Turning points:" \
        "  7... d4-c4: lost N by the engine's measure; b4-c4 was the engine's choice (V for Black)" \
        "  12... e4-e3: lost N by the engine's measure; b5-b4 was the engine's choice (V for Black)" \
        "Moves:"
    grep -qx '  5\.\.\. c4-b4: draw (book) -> at most a draw (book)' <<<"$OUT" || fail "5... c4-b4 is not the book's"
    grep -qx '  7\.\.\. d4-c4: -0\.[0-9]* (engine) -> at most a draw (book)  \[lost ground\]' <<<"$OUT" ||
        fail "7... d4-c4 is not marked"
    ;;
refusals)
    # A file that is there is not replaced; -o alone, a game the file lacks, a file that is no record.
    echo keep >there.pdn
    run 1 review ending.pdn --annotate -o there.pdn
    expect "$ERR" "fetaix: there.pdn exists: not replaced (name a new file)"
    [ "$(cat there.pdn)" = keep ] || fail "there.pdn was changed"
    mkdir folder
    run 1 review ending.pdn --annotate -o folder
    [ -n "$ERR" ] && [ -d folder ] || fail "a folder as OUT"
    run 2 review ending.pdn -o new.pdn
    expect "$ERR" "fetaix: review: -o FILE writes the annotated record: add --annotate"
    [ ! -e new.pdn ] || fail "new.pdn was written"
    run 1 review ending.pdn --game 2
    expect "$ERR" "fetaix: ending.pdn has 1 game: there is no game 2"
    run 2 review ending.pdn --game 0
    echo 'not a record' >bad.pdn
    run 1 review bad.pdn
    [[ $ERR == "fetaix: bad.pdn: "* ]] || fail "a bad record: $ERR"
    run 1 review missing.pdn
    [ -n "$ERR" ] || fail "a missing file said nothing"
    # No record named: what the word left out is for.
    run 2 review --annotate
    expect "$ERR" "fetaix: review: FILE.pdn is required: the game record, or #N, game N of the history (see fetaix review --help)"
    # A record with no moves: its start, and no moves, said so; the computer named as fetaix games names it.
    printf '[White "fetaix level 1"]\n[WhiteType "program"]\n[WhiteLevel "1"]\n[Black "B"]\n[Result "*"]\n\n*\n' >empty.pdn
    run 0 review empty.pdn --time 0.05
    [ "$(printf '%s\n' "$OUT" | head -1)" = "computer, level 1 - B, *" ] || fail "the empty record's head: $OUT"
    [ "$(printf '%s\n' "$OUT" | tail -1)" = "Moves: none (the record has no moves)" ] || fail "the empty record's moves: $OUT"
    ;;
history)
    # '#N' is the game history's game N, newest first, as `fetaix games` numbers them.
    run 1 review '#1'
    expect "$ERR" "fetaix: #1: the game history is empty (fetaix games lists them)"
    run 1 '#1'
    expect "$ERR" "fetaix: #1: the game history is empty (fetaix games lists them)"
    run 0 tablebase build --pieces 3
    run 0 review ending.pdn --time 0.05
    from_file=$OUT
    mkdir -p "$XDG_STATE_HOME/fetaix/games"
    echo '1. c2-c3 *' >"$XDG_STATE_HOME/fetaix/games/20261130-141502-001.pdn"
    cp ending.pdn "$XDG_STATE_HOME/fetaix/games/20261201-090000-001.pdn"
    run 0 review '#1' --time 0.05
    [ "$OUT" = "$from_file" ] || fail "review '#1' is not the review of the newest game"
    run 1 review '#3'
    expect "$ERR" "fetaix: #3: the game history has #1 to #2 (fetaix games lists them)"
    run 1 review '#one'
    expect "$ERR" "fetaix: #one: a game of the history is # and its number, #1 to #2 (fetaix games lists them)"
    run 1 replay '#3'
    expect "$ERR" "fetaix: #3: the game history has #1 to #2 (fetaix games lists them)"
    # A number with the # left out, and no file of that name: how to name the history's game.
    run 1 review 1
    expect "$ERR" "fetaix: cannot open 1: No such file or directory (game 1 of the history is #1: fetaix games lists them)"
    run 1 replay 2
    expect "$ERR" "fetaix: cannot open 2: No such file or directory (game 2 of the history is #2: fetaix games lists them)"
    # A file of that name is the file.
    cp ending.pdn 1
    run 0 review 1 --time 0.05
    [ "$OUT" = "$from_file" ] || fail "review 1 is not the review of the file 1"
    ;;
*) fail "no test named $1" ;;
esac
