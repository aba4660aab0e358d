# fetaix puzzle: a shipped puzzle solved from another folder (the set is compiled in), a puzzle failed
# (the wrong move taken back with the endgame tables' reason) and the rating kept, the screen-reader
# mode, a damaged progress file said and set aside, a bad --file refused, and the game's key that opens
# the puzzles and comes back to the game as it was.

PUZZLE_DATA=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../data" && pwd)/puzzles.txt

# puzzle_home: a data folder of the test's own (the progress file goes there, never the user's).
puzzle_home() {
    export XDG_DATA_HOME=$STATE/data
    mkdir -p "$XDG_DATA_HOME"
}

# puzzle_message: the message under the status line (the puzzles' key line and the move prompt aside),
# its lines joined by a space.
puzzle_message() {
    screen | sed 's/ *$//' | awk '/^(White|Black) to move|^Game over/ { text = ""; sep = ""; seen = 1; next }
        seen && !/^n next puzzle  r retry/ && !/^Move: / && $0 != "" { text = text sep $0; sep = " " }
        END { print text }'
}

# puzzle_expect_message REGEX: waits until the message matches (grep -E).
puzzle_expect_message() {
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)); do
        puzzle_message | grep -qE -- "$1" && return 0
        sleep 0.05
    done
    fail "message: expected /$1/, got '$(puzzle_message)'"
}

puzzle_type() {
    keys ':'
    wait_for '^Move: _'
    keys -l "$1"
    keys Enter
}

# The trap of docs/puzzles.md, and a second puzzle.
puzzle_file() {
    printf '%s\n' '# two puzzles' \
        't1 | W:Wa1,a2:BKb3 | default | compulsory-capture,mullah-hunt | 1 | a2-b2 b3xb1 a1xc1' \
        't2 | W:Wb2:Bb3 | default | last-two | 2 | b2xb4' >"$1"
}

e2e_puzzle_solve() {
    # A new player (1500) is offered the first puzzle of difficulty 2 (rated 1500) of the shipped set,
    # from a folder with no data file in it; its line is played to the end, each reply the line's.
    puzzle_home
    local line id fen solution
    line=$(awk -F' [|] ' '!/^#/ && $5 == 2 { print; exit }' "$PUZZLE_DATA")
    id=$(echo "$line" | awk -F' [|] ' '{ print $1 }')
    fen=$(echo "$line" | awk -F' [|] ' '{ print $2 }')
    solution=($(echo "$line" | awk -F' [|] ' '{ print $6 }'))
    local total
    total=$(grep -cv '^#' "$PUZZLE_DATA")
    $T -u new-session -d -s e2e -x 80 -y 24 -c /tmp "$(realpath "$BIN") puzzle; status=\$?; echo; echo EXITED \$status; sleep 30"
    wait_for "^fetaix puzzle $id: [0-9]+ of $total$"
    wait_for 'Difficulty: 2 of 5 \(rated 1500\)'
    wait_for 'Your puzzle rating: 1500 \(deviation 350\)'
    expect_line 22 "n next puzzle  r retry  H hint  : type a move  ? keys  q quit"
    local i
    for ((i = 0; i < ${#solution[@]}; i += 2)); do
        puzzle_type "${solution[$i]}"
        if ((i + 1 < ${#solution[@]})); then
            puzzle_expect_message "^Right: ${solution[$i]}\. (White|Black) answers ${solution[$((i + 1))]}: your move\.$"
        fi
    done
    wait_for "^fetaix puzzle $id: [0-9]+ of $total \(solved\)$"
    puzzle_expect_message "^Solved! ${solution[-1]} wins\. Press n for the next puzzle\. Your puzzle rating: [0-9]+ \(\+[0-9]+\)\.$"
    keys n
    wait_gone "^fetaix puzzle $id:"
    keys q
    wait_for '^EXITED 0$'
    grep -qxF "solved $fen default $id" "$XDG_DATA_HOME/fetaix/puzzle-progress.txt" ||
        fail "progress: $(cat "$XDG_DATA_HOME/fetaix/puzzle-progress.txt")"
    head -2 "$XDG_DATA_HOME/fetaix/puzzle-progress.txt" | grep -q '^rating 1[5-9][0-9][0-9]' || fail "no higher rating"
}

e2e_puzzle_fail() {
    # A wrong move: taken back, the tables' best reply named; a hint; the puzzle solved after it, which
    # changes the rating no more; the rating kept for the next start.
    puzzle_home
    puzzle_file "$STATE/p.txt"
    start_game puzzle --file "$STATE/p.txt"
    wait_for '^fetaix puzzle t2: 2 of 2$'
    keys r
    # t1 is the one rated 1300: open it by n (the only other).
    keys n
    wait_for '^fetaix puzzle t1: 1 of 2$'
    wait_for 'Themes: compulsory-capture, mullah-hunt'
    puzzle_type a1-a3
    puzzle_expect_message '^a1-a3: a man steps one point, and a3 is not next to a1$'
    keys Escape
    wait_gone '^Move: '
    puzzle_type a1-b1
    puzzle_expect_message '^a1-b1 loses: after it, b3-[a-e][1-5] wins for Black in [0-9]+ plies\. Try again\. Your puzzle rating: 1[0-4][0-9][0-9] \(-[0-9]+\)\.$'
    wait_for 'Your puzzle rating: 1[0-4][0-9][0-9] \(deviation'
    keys H
    puzzle_expect_message '^Hint: move your man on a2\.$'
    puzzle_type a2-b2
    puzzle_expect_message '^Right: a2-b2\. Black answers b3xb1: your move\.$'
    puzzle_type a1xc1
    puzzle_expect_message '^Solved! a1xc1 wins\. Press n for the next puzzle\.$'
    wait_for '^fetaix puzzle t1: 1 of 2 \(solved\)$'
    keys q
    wait_for '^EXITED 0$'
    grep -qxF "solved-later W:Wa1,a2:BKb3 default t1" "$XDG_DATA_HOME/fetaix/puzzle-progress.txt" ||
        fail "progress: $(cat "$XDG_DATA_HOME/fetaix/puzzle-progress.txt")"
    local rating
    rating=$(awk '/^rating/ { printf "%.0f", $2 }' "$XDG_DATA_HOME/fetaix/puzzle-progress.txt")
    kill_server
    start_game puzzle --file "$STATE/p.txt"
    wait_for "Your puzzle rating: $rating \\(deviation"
    keys q
    wait_for '^EXITED 0$'
}

e2e_puzzle_screen_reader() {
    # The puzzles as lines: the puzzle said, a refused move, a wrong one with its reason, right, solved.
    puzzle_home
    puzzle_file "$STATE/p.txt"
    printf 't1 | W:Wa1,a2:BKb3 | default | compulsory-capture,mullah-hunt | 1 | a2-b2 b3xb1 a1xc1\n' >"$STATE/one.txt"
    start_game_sized 100 40 puzzle --screen-reader --file "$STATE/one.txt"
    wait_for '^White to move and win \(you\)\.$'
    expect_lines 0 "fetaix puzzle: 1 puzzle, 0 solved; your puzzle rating is 1500." \
        "Type help for the commands, quit to leave." "Moves are typed by their points: c2-c3 steps, c2xc4 captures." \
        "Puzzle t1, 1 of 1: difficulty 1 of 5 (rated 1300)." "Themes: compulsory-capture, mullah-hunt." \
        "The position:" "rank 5: empty" "rank 4: empty" "rank 3: black mullah b3" "rank 2: white man a2" \
        "rank 1: white man a1" "White to move and win (you)."
    keys -l 'a1-a3'
    keys Enter
    wait_for '^a1-a3: a man steps one point, and a3 is not next to a1\.$'
    keys -l 'a1-b1'
    keys Enter
    wait_for '^a1-b1 loses: after it, b3-[a-e][1-5] wins for Black in [0-9]+ plies\.$'
    wait_for '^The position is as it was: try again \(hint helps\)\.$'
    wait_for '^Your puzzle rating: 1[0-4][0-9][0-9] \(-[0-9]+\)\.$'
    keys -l 'a2-b2'
    keys Enter
    wait_for '^Right: a2-b2\. Black answers b3xb1\.$'
    keys -l 'a1xc1'
    keys Enter
    wait_for '^Solved! a1xc1 wins\.$'
    keys -l 'quit'
    keys Enter
    wait_for '^Goodbye: 1 of 1 puzzles solved; your puzzle rating is 1[0-4][0-9][0-9]\.$'
    wait_for '^EXITED 0$'
    screen_with_escapes | grep -q $'\e' && fail "escape codes in the screen-reader mode"
    return 0
}

e2e_puzzle_damaged() {
    # A progress file fetaix did not write is said, left as it is until the first result, then kept
    # aside; a puzzle file that does not read is refused with its line and why (exit status 1).
    puzzle_home
    puzzle_file "$STATE/p.txt"
    mkdir -p "$XDG_DATA_HOME/fetaix"
    printf 'rating 9000\n' >"$XDG_DATA_HOME/fetaix/puzzle-progress.txt"
    start_game puzzle --file "$STATE/p.txt"
    wait_for '^fetaix puzzle t2: 2 of 2$'
    # The path is shortened to fit the two message lines, as the game shortens its paths there.
    puzzle_message | grep -qF "Puzzle progress not read (/…/fetaix/puzzle-progress.txt: it does not start with 'fetaix puzzles 1'): starting afresh; kept as .damaged at your first result." ||
        fail "damaged file: '$(puzzle_message)'"
    keys r
    wait_for '^fetaix puzzle t2: 2 of 2$'
    [ "$(cat "$XDG_DATA_HOME/fetaix/puzzle-progress.txt")" = "rating 9000" ] || fail "the damaged file was replaced"
    puzzle_type b2xb4
    wait_for '^fetaix puzzle t2: 2 of 2 \(solved\)$'
    [ "$(cat "$XDG_DATA_HOME/fetaix/puzzle-progress.txt.damaged")" = "rating 9000" ] || fail "not kept aside"
    head -1 "$XDG_DATA_HOME/fetaix/puzzle-progress.txt" | grep -qx 'fetaix puzzles 1' || fail "not written anew"
    keys q
    wait_for '^EXITED 0$'
    # A bad file: the parser's and the rules' words, before any screen.
    printf 'p1 | W:Wa1 | default\np2 | W:Wa1,a2:BKb3 | default | x | 1 | a2-a4\n' >"$STATE/bad.txt"
    local out status=0
    out=$("$BIN" puzzle --file "$STATE/bad.txt" 2>&1) || status=$?
    [ "$status" = 1 ] || fail "bad file: exit status $status"
    [ "$out" = "fetaix: $STATE/bad.txt: line 1: expected 6 fields separated by '|' (id | FEN | rules | themes | difficulty | solution), found 3
fetaix: $STATE/bad.txt: p2 (line 2): ply 1: illegal move a2-a4: a man steps one point, and a4 is not next to a2" ] ||
        fail "bad file: $out"
    # A file that is no puzzle file at all (five lines of something else): three of its problems, then the count.
    printf 'root:x:0:0\ndaemon:x:1:1\nbin:x:2:2\nsys:x:3:3\nsync:x:4:65534\n' >"$STATE/other.txt"
    status=0
    out=$("$BIN" puzzle --file "$STATE/other.txt" 2>&1) || status=$?
    [ "$status" = 1 ] || fail "other file: exit status $status"
    local found="expected 6 fields separated by '|' (id | FEN | rules | themes | difficulty | solution), found 1"
    [ "$out" = "fetaix: $STATE/other.txt: line 1: $found
fetaix: $STATE/other.txt: line 2: $found
fetaix: $STATE/other.txt: line 3: $found
fetaix: $STATE/other.txt: and 2 more problems (fetaix puzzle --check $STATE/other.txt lists them all)" ] ||
        fail "other file: $out"
}

e2e_puzzle_from_game() {
    # The game's key opens the puzzles on the game's screen; q comes back to the game as it was.
    puzzle_home
    start_game
    wait_for 'White to move'
    type_move c2-c3
    keys P
    wait_for '^fetaix puzzle p[0-9]+: [0-9]+ of [0-9]+'
    expect_line 22 "n next puzzle  r retry  H hint  : type a move  ? keys  q quit"
    keys q
    wait_for 'Back from the puzzles: the game is as you left it\.'
    wait_for '1\. c2-c3'
    wait_for 'Black to move'
    keys '?'
    wait_for 'P  puzzles   q  quit   Ctrl-L  redraw'
    keys Escape
    wait_gone 'P +puzzles'
    keys q
    wait_for 'Quit\?'
    keys y
    wait_for '^EXITED 0$'
}
