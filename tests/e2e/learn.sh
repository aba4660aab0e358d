# fetaix learn: every lesson failed (a move the rules refuse, said in the game's words; a legal move
# that misses the task) and completed, on the curses screen and in the screen-reader mode; where the
# learner stopped kept; a damaged progress file said and started over; a screen too small.

# Each lesson, in the table's order (src/learn/lessons.cpp): a refused move, its reason exactly as the
# game words it, a legal move that misses the task ("" when there is none), the solution, and the
# first words of what is said when it is done.
learn_lessons=(
    "c2-c1|men never move backward|c2-b2|c2-c3|Well done: the man stepped forward."
    "b2-b4|a man steps one point, and b4 is not next to b2|b2-b3|b2-c3|Right: a diagonal step forward."
    "c2-c3|the point c3 is taken: to capture it, land on c4||c2xc4|Captured: the black man on c3 is gone."
    "a2-a3|a capture is compulsory: d2 can capture||d2xd4|Right: when a capture is there, it must be taken."
    "c1-b1|a capture is compulsory: c1 can capture||c1xc3xe3xe5|Three pieces in one move."
    "b4-b3|men never move backward|b4-a4|b4-b5|Promoted: your man is a mullah now."
    "a1-b3|there is no line from a1 to b3|a1-c3|a1-e5|Flown across the whole board in one move."
    "a1-b2|a capture is compulsory: a1 can capture||a1xe5|A long capture: from a1 over d4 to e5."
    "a1xe5|a mullah must land where it can capture again: on d4||a1xd4xd1|Right: landing on d4 let the mullah"
    "d5xd3|a mullah must land where it can capture again: on d1 or d2|d5xd2xa2|d5xd1xa1xd4|All three: the piece taken on d4"
    "a3xa5xe1|men never capture backward (backward-captures is off)||a3xa5xc5|Two pieces, and the move ended"
    "b2-b3|the point b3 is taken: to capture it, land on b4||b2xb4|White wins: Black has no piece left."
    "a3-a2|men never move backward|b1-c1|b1-b2|Black cannot move, and loses: White wins."
    "a2-b1|there is no line from a2 to b1: no diagonal leaves a2|a2-a3|a2-a1|Draw by threefold repetition."
    "c2-c1|men never move backward|c2-c3|a2-a3|Draw: no progress in 4 plies."
    "c3-c4|a capture is compulsory: c3 can capture||c3xc1|A backward capture, legal only with"
    "a3-b4|a capture is compulsory: a3 can capture||a3xa5xe1|Crowned on a5, the mullah went on to take d2."
    "a3xa5xc5|the move ends on a5: with promotion stop a man reaching the far rank stops there||a3xa5|Crowned on a5, and the move ended there."
    "a1xa3|with majority the capture must take 2 pieces: e1 can||e1xe3xe5|Right: two pieces, the most there were."
)

# learn_message: the message under the status line (the lessons' key line and the move prompt aside),
# its lines joined by a space.
learn_message() {
    screen | sed 's/ *$//' | awk '/^(White|Black) to move|^Game over/ { text = ""; sep = ""; seen = 1; next }
        seen && !/^n next lesson  r again/ && !/^Move: / && $0 != "" { text = text sep $0; sep = " " }
        END { print text }'
}

# learn_expect_message TEXT: waits until the message is exactly TEXT.
learn_expect_message() {
    local deadline=$((SECONDS + 5))
    while ((SECONDS < deadline)); do
        [ "$(learn_message)" = "$1" ] && return 0
        sleep 0.05
    done
    fail "message: expected '$1', got '$(learn_message)'"
}

# learn_type MOVE: the move typed at the game's move prompt.
learn_type() {
    keys ':'
    wait_for '^Move: _'
    keys -l "$1"
    keys Enter
}

e2e_learn_lessons() {
    # Every lesson in turn, opened with n: a refused move and its reason, a missed task (the position set
    # again), then the solution and the success; the title counts the lessons.
    start_game learn
    local i wrong reason missed solution done
    for i in "${!learn_lessons[@]}"; do
        IFS='|' read -r wrong reason missed solution done <<<"${learn_lessons[$i]}"
        wait_for "^fetaix learn: lesson $((i + 1)) of 19: "
        wait_for ' Task: '
        learn_type "$wrong"
        learn_expect_message "$wrong: $reason"
        keys Escape
        wait_gone '^Move: '
        if [ -n "$missed" ]; then
            learn_type "$missed"
            wait_for "^$missed: "
            # The position is the lesson's again: the solution still works below.
        fi
        learn_type "$solution"
        wait_for "^fetaix learn: lesson $((i + 1)) of 19: .* \(done\)$"
        learn_message | grep -qF "Done! $done" || fail "lesson $((i + 1)): done: '$(learn_message)'"
        # A move on a lesson done is refused, saying what to do.
        keys Enter
        learn_expect_message "This lesson is done: n for the next one, r to play it again."
        keys n
    done
    # All done: n goes round to the first lesson again, and the list shows every one done.
    wait_for '^fetaix learn: lesson 1 of 19: A man steps forward \(done before\)$'
    keys '?'
    wait_for '^fetaix learn: the lessons \(19 of 19 done\)$'
    expect_line 2 ">  1. [done] A man steps forward"
    expect_line 20 "  19. [done] Switch: majority"
    keys q
    wait_for '^EXITED 0$'
}

e2e_learn_progress() {
    # The screen at 80x24: the board as the game draws it, the rule and the task beside it, the lessons'
    # keys. Where the learner stopped is kept: q, and the next fetaix learn opens there.
    start_game learn
    wait_for '^fetaix learn: lesson 1 of 19: A man steps forward$'
    learn_expect_message "Arrows and Enter: your piece, then where it goes; or : and the move (c2-c3)."
    expect_lines 2 "5   ·─────·─────·─────·─────●   board, named like a chessboard: files a to e" \
        "    │ ╲   │   ╱ │ ╲   │   ╱ │   from White's left, ranks 1 to 5 from White's"
    expect_line 11 "2   ·─────·────[○]────·─────·   rank 1 for Black) or sideways, never backward:"
    expect_lines 15 "                                Task: You are White. Step the man on c2" \
        "    a     b     c     d     e   forward, to c3."
    expect_line 22 "n next lesson  r again  H hint  ? lessons  : type a move  q quit"
    # Moved on the board with the game's keys: the cursor on c2, Enter, Up, Enter.
    keys Enter
    keys Up
    keys Enter
    wait_for '^fetaix learn: lesson 1 of 19: A man steps forward \(done\)$'
    # A key of the game that is no lesson's: said, nothing changes.
    keys u
    learn_expect_message "Not a key of the lessons: n next, r again, H hint, ? lessons, : type a move, q quit."
    keys n
    wait_for '^fetaix learn: lesson 2 of 19: Diagonal lines$'
    # The hint, then the answer.
    keys H
    learn_expect_message "Hint: b2 has diagonal lines: follow one up the board."
    keys H
    learn_expect_message "The answer: b2-c3."
    # The list: Down twice and Enter opens lesson 4.
    keys '?'
    wait_for '^fetaix learn: the lessons \(1 of 19 done\)$'
    expect_lines 2 "   1. [done] A man steps forward" ">  2. [    ] Diagonal lines"
    keys Down Down
    wait_for '^>  4\. '
    keys x
    wait_for '^Up and Down choose a lesson, Enter opens it, \? goes back, q quits\.$'
    keys Enter
    wait_for '^fetaix learn: lesson 4 of 19: Capture is compulsory$'
    keys q
    wait_for '^EXITED 0$'
    [ "$(cat "$STATE/fetaix/learn.txt")" = $'fetaix learn 1\nat compulsory\ndone steps' ] ||
        fail "progress file: $(cat "$STATE/fetaix/learn.txt")"
    kill_server
    start_game learn
    wait_for '^fetaix learn: lesson 4 of 19: Capture is compulsory$'
    keys q
    wait_for '^EXITED 0$'
}

e2e_learn_damaged() {
    # A progress file fetaix did not write is said, not used, and replaced only as the learner goes on;
    # a screen too small says how large it must be, and q still leaves.
    mkdir -p "$STATE/fetaix"
    printf 'at nowhere\n' >"$STATE/fetaix/learn.txt"
    start_game learn
    wait_for '^fetaix learn: lesson 1 of 19: A man steps forward$'
    # The path is shortened to fit the two message lines, as the game shortens its paths there.
    learn_message | grep -qF "The lessons' progress could not be read (/…/fetaix/learn.txt: it does not start with 'fetaix learn 1'): starting over; the file is replaced as you go on." ||
        fail "damaged file: '$(learn_message)'"
    [ "$(cat "$STATE/fetaix/learn.txt")" = "at nowhere" ] || fail "the damaged file was replaced before anything changed"
    keys n
    wait_for '^fetaix learn: lesson 2 of 19: '
    [ "$(head -1 "$STATE/fetaix/learn.txt")" = "fetaix learn 1" ] || fail "the file was not written anew"
    $T resize-window -t e2e -x 60 -y 20
    wait_for 'Terminal too small'
    wait_for 'fetaix needs 72x24'
    keys H
    $T resize-window -t e2e -x 80 -y 24
    wait_for '^fetaix learn: lesson 2 of 19: '
    # The hint key pressed while too small did nothing: the lesson's first words stand.
    learn_expect_message "Arrows and Enter: your piece, then where it goes; or : and the move (c2-c3)."
    $T resize-window -t e2e -x 40 -y 10
    wait_for 'Terminal too small'
    keys q
    wait_for '^EXITED 0$'
}

e2e_learn_screen_reader() {
    # The lessons as lines: the lesson said, a refused move, a missed one, bad input, done, next, quit.
    start_game_sized 100 40 learn --screen-reader
    wait_for '^Task: You are White\. Step the man on c2 forward, to c3\.$'
    expect_lines 0 "fetaix learn: 19 lessons, 0 done. Type help for the commands, quit to leave." \
        "Moves are typed by their points: c2-c3 steps, c2xc4 captures." "Lesson 1 of 19: A man steps forward."
    expect_lines 11 "The position:" "rank 5: black man e5" "rank 4: empty" "rank 3: empty" "rank 2: white man c2" \
        "rank 1: empty" "White to move (you)."
    keys -l 'c2-c1'
    keys Enter
    wait_for '^c2-c1: men never move backward\.$'
    keys -l 'lesson 0'
    keys Enter
    wait_for "^There is no lesson '0': type lesson and a number from 1 to 19\.$"
    keys -l 'c2-c3'
    keys Enter
    wait_for '^Done! Well done: the man stepped forward\. It can never come back to c2\.$'
    wait_for '^1 of 19 lessons done\. Type next for the next lesson\.$'
    keys -l 'next'
    keys Enter
    wait_for '^Lesson 2 of 19: Diagonal lines\.$'
    keys -l 'quit'
    keys Enter
    wait_for '^Goodbye: 1 of 19 lessons done; fetaix learn goes on from here\.$'
    wait_for '^EXITED 0$'
    screen_with_escapes | grep -q $'\e' && fail "escape codes in the screen-reader mode"
    [ "$(cat "$STATE/fetaix/learn.txt")" = $'fetaix learn 1\nat diagonals\ndone steps' ] ||
        fail "progress file: $(cat "$STATE/fetaix/learn.txt")"
}
