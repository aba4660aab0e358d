# The review inside the game (the review key, v): on the final screen, stepping back, stopped, quit
# during it, and in the screen-reader mode. The ending is tests/review/check.sh's, its values the
# endgame tables' (built here, up to 3 pieces): White's man and mullah against a lone mullah is a win
# in 19 plies for White, and 2. b3-c3 lets Black's mullah take both pieces (a loss in 1); b3-b1 keeps
# the win. tests/test_review.cpp checks these values against the tables independently of the review.

# review_ending FILE: the ending's record.
review_ending() {
    printf '[White "Amina"]\n[Black "Yusuf"]\n[Result "0-1"]\n[FEN "W:Wa2,Kd3:BKe1"]\n\n1. d3-b3 e1-d2 2. b3-c3 d2xa5xa1 0-1\n' >"$1"
}

# review_long FILE: a finished game of 42 plies (two level-2 engines), many of its positions neither in
# the book nor in tables (none are built): searched for 0.3 s each, some 3 s in all; for --time 2 each,
# long enough to be stopped.
review_long() {
    cat >"$1" <<'PDN'
[Result "0-1"]

1. d2-c3 b4xd2 2. e1xc3 d4xd2 3. b2xb4xd4 d2xb2 4. b1xb3 e4xc4xc2 5. c1xc3
d5-d4 6. c3-d3 d4xd2 7. d1xd3 a3xc3 8. d3xb3 a4-a3 9. a2xa4 a5xa3xc3 10. a1-a2
b5-a5 11. a2-a3 c5-c4 12. a3-b3 c3xa3 13. e3-d3 c4-d4 14. d3xd5 e5xc5 15. e2-e3
a5-a4 16. e3-e4 c5-d4 17. e4xc4 a3-a2 18. c4-c5 a2-a1 19. c5-b5 a1-e5 20. b5-b1
a4-b4 21. b1xb5 e5xa5 0-1
PDN
}

# review_tables: the endgame tables of up to 3 pieces, in this test's own data folder.
review_tables() {
    export XDG_DATA_HOME=$STATE/data
    "$BIN" tablebase build --pieces 3 >/dev/null 2>&1 || fail "tablebase build failed"
}

e2e_review_final() {
    # The final screen of the ending opened from its file: v reviews it, the values and the turning point
    # in the move list; stepping back to the turning point's position shows its values and the better move.
    review_tables
    work=$(mktemp -d)
    review_ending "$work/e.pdn"
    start_game "$work/e.pdn"
    wait_for '^Game over: Black \(Yusuf\) wins'
    keys v
    wait_for '^Review done: decisive 2\. b3-c3 \(b3-b1 instead\); turning points 2\. b3-c3\?\?\.$' 10
    wait_for 'Moves   \?\? turned   \? lost ground$'
    wait_for '     Turning points: 2\. b3-c3\?\?$'
    wait_for '      1\. d3-b3 #W18           e1-d2 #W17$'
    wait_for '      2\. b3-c3 #B1\?\?          d2xa5xa1 #B0$'
    keys [ [
    wait_for '^Next 2\. b3-c3: win in 17 plies \(tables\) -> loss in 1 ply \(tables\)\?\?$'
    wait_for '^\?\? turned a win into a loss; b3-b1 kept the win; the board shows b3-b1 '
    wait_for 'better move'
    # One more step back: a move that is not marked, and no better move on the board.
    keys [
    wait_for '^Next 1\.\.\. e1-d2: loss in 18 plies \(tables\) -> loss in 17 plies \(tables\)$'
    wait_gone 'better move'
    # A change of game (back to it, then undo) drops the review.
    keys Escape u
    wait_gone '#W18'
    wait_gone 'Turning points'
    rm -rf "$work"
}

e2e_review_stop() {
    # A long game, no tables: the progress on the status line and above the move list, the keys
    # working meanwhile (help), and Esc stopping it with what was done shown.
    work=$(mktemp -d)
    review_long "$work/g.pdn"
    start_game --time 2 "$work/g.pdn"
    wait_for '^Game over: Black wins'
    keys v
    wait_for '^Reviewing: position [0-9]+ of 43 \(v stops\) \| Game over' 5
    wait_for '     Reviewing: position [0-9]+ of 43$'
    keys '?'
    wait_for 'Any key closes this page\.' 5
    keys Escape
    wait_for '^Reviewing: position [0-9]+ of 43 \(v stops\)' 5
    keys Escape
    wait_for '^Review stopped after [0-9]+ of 43 positions: the values so far are shown\.$' 5
    wait_gone 'Reviewing: position'
    wait_for '\(stopped\) Turning points: '
    # The positions valued are shown: the first move's, at the start of the game.
    keys [ Home
    wait_for '^Next 1\. d2-c3: [a-z+-]'
    wait_for '      1\. d2-c3 [-+#][^ ]* +b4xd2'
    rm -rf "$work"
}

e2e_review_quit() {
    # q during a review: the worker stops at once and the program leaves within 1.5 s (the
    # screen seen within it, polled every 50 ms).
    work=$(mktemp -d)
    review_long "$work/g.pdn"
    start_game --time 2 "$work/g.pdn"
    wait_for '^Game over: Black wins'
    keys v
    wait_for '^Reviewing: position [0-9]+ of 43' 5
    # A finished game, kept: q leaves without a question.
    local start
    start=$(date +%s%N)
    keys q
    wait_for '^EXITED 0$' 3
    local took=$((($(date +%s%N) - start) / 1000000))
    ((took <= 1500)) || fail "quitting took $took ms"
    rm -rf "$work"
}

e2e_review_screen_reader() {
    # The screen-reader mode: review, then the review as fetaix review prints it, a line each.
    review_tables
    work=$(mktemp -d)
    review_ending "$work/e.pdn"
    local out
    out=$(printf 'review\n' | timeout 30 "$BIN" --screen-reader "$work/e.pdn" 2>&1) || fail "exit status $?: $out"
    local want
    want=$(printf '%s\n' \
        "Reviewing the game..." \
        "Type review again to stop it; other commands work meanwhile." \
        "Review done: decisive 2. b3-c3 (b3-b1 instead); turning points 2. b3-c3??." \
        "Values are for the side that moves: before the move -> after it." \
        "Start: White to move, win in 19 plies (tables)" \
        "Decisive: 2. b3-c3, after which White was lost (b3-b1 instead)" \
        "Turning points:" \
        "  2. b3-c3: turned a win into a loss; b3-b1 kept the win" \
        "Moves:" \
        "1. d3-b3: win in 19 plies (tables) -> win in 18 plies (tables)" \
        "1... e1-d2: loss in 18 plies (tables) -> loss in 17 plies (tables)" \
        "2. b3-c3: win in 17 plies (tables) -> loss in 1 ply (tables)  [turned]" \
        "2... d2xa5xa1: win in 1 ply (tables) -> won (rules)")
    [[ $out == *"$want"* ]] || {
        diff <(printf '%s\n' "$want") <(printf '%s\n' "$out") >&2
        fail "the review's lines differ"
    }
    # A longer game: its progress every ten positions, then the review, a line a move.
    review_long "$work/g.pdn"
    out=$(printf 'review\n' | timeout 60 "$BIN" --screen-reader "$work/g.pdn" 2>&1) || fail "exit status $?: $out"
    # Said every ten positions or so, rising (how many depends on how quickly the loop is woken: positions
    # the book proves go by several at a time, and a loaded machine wakes it late).
    local said
    said=$(grep -E '^Reviewing: position [0-9]+ of 43\.$' <<<"$out" | awk '{print $3}' | tr '\n' ' ')
    [ "$(wc -w <<<"$said")" -ge 1 ] || fail "progress said $said"
    [ "$(tr ' ' '\n' <<<"$said" | grep . | sort -n | tr '\n' ' ')" = "$said" ] || fail "progress not rising: $said"
    grep -qE '^Review done: (decisive .*; )?turning points ' <<<"$out" || fail "no end of the review said: $out"
    grep -qx '21\.\.\. e5xa5: .* -> won (rules)' <<<"$out" || fail "the last move's line: $out"
    [ "$(grep -c '^[0-9]*\.\(\.\.\)\? [a-e][1-5][-x]' <<<"$out")" = 42 ] || fail "not a line for each of the 42 moves: $out"
    rm -rf "$work"
}

e2e_review_history() {
    # A game played to its end here goes to the history; a new game, then o #1 opens it again, and v
    # reviews the game opened (its values the tables').
    review_tables
    start_game --fen W:Wa2,Kd3:BKe1
    wait_for 'White to move'
    for m in d3-b3 e1-d2 b3-c3 d2xa5xa1; do type_move "$m"; done
    wait_for '^Game over: Black wins'
    keys n
    wait_for '^New game\.$'
    keys o
    wait_for '^Open: '
    keys -l '#1'
    keys Enter
    wait_for '^Opened #1'
    keys v
    wait_for '^Review done: decisive 2\. b3-c3 \(b3-b1 instead\); turning points 2\. b3-c3\?\?\.$' 10
    wait_for '      2\. b3-c3 #B1\?\?          d2xa5xa1 #B0$'
}
