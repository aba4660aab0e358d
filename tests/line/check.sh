#!/usr/bin/env bash
# The screen-reader mode end to end: the real program with standard input and output on pipes (no
# terminal at all), driven by lines and read line by line, exactly. Usage: FETAIX_BIN=path check.sh TEST
source "$(dirname "$0")/lib.sh"

welcome=("fetaix, screen-reader mode." "Type a move, such as c2-c3." "Type help for the commands.")
rules=("Rule: backward captures no." "Rule: majority no." "Rule: promotion end." "Rule: no-progress draw after 50 plies.")
# The end of input says where the game is kept.
saved="The game is saved in $STATE/fetaix/autosave.pdn: run fetaix to resume it."
# How many lines the opening takes before whose turn it is: the welcome, the players, the rules.
opening=$((${#welcome[@]} + 1 + ${#rules[@]}))

case "${1:?test name}" in
game)
    # A whole short game between two people: a refused move, a compulsory capture refused and made,
    # undo and redo, the board, and the end; then the game is in the history as the screen keeps it.
    play $'d1-d3\nd1-d2\nboard\ne5-e4\nc3xe1\nundo\nredo\nmoves\nfoo\na1-b1\ne1xa1\nquit\n' \
        --fen W:Wa1,d1:Bc3,e5 --white Ali
    expect "${welcome[@]}" \
        "White (Ali) against Black." \
        "${rules[@]}" \
        "White (Ali) to move." \
        "d1-d3: a man steps one point, and d3 is not next to d1" \
        "White d1-d2" \
        "Black to move." \
        "Capture compulsory: c3 can capture." \
        "rank 5: black man e5" "rank 4: empty" "rank 3: black man c3" "rank 2: white man d2" "rank 1: white man a1" \
        "e5-e4: a capture is compulsory: c3 can capture" \
        "Black c3xe1 takes d2, becomes a mullah" \
        "White (Ali) to move." \
        "Black took back c3xe1." \
        "Black to move." \
        "Capture compulsory: c3 can capture." \
        "Black played c3xe1 again." \
        "White (Ali) to move." \
        "3 legal moves: a1-a2, a1-b1, a1-b2." \
        "Unknown command 'foo': type help for the commands." \
        "White a1-b1" \
        "Black to move." \
        "Capture compulsory: e1 can capture." \
        "Black mullah e1xa1 takes b1" \
        "Game over: Black wins by all pieces captured."
    games=$("$BIN" games)
    [[ "$games" == "#1  "*"  Ali - Black  0-1 (all pieces captured)  2 moves  $STATE/fetaix/games/"*.pdn ]] ||
        fail "the finished game is not in the history: $games"
    ;;
computer)
    # Against the computer: its move is a line when made, and what was typed meanwhile is read after it.
    # Black's only move is the capture b4xd2 (or d4xb2): the level decides nothing here but which.
    play $'d2-c3\nlast\nundo\n' --black ai:1 --time 0.05
    last=$(printf '%s\n' "$OUT" | sed -n "$((opening + 5))p")
    case "$last" in
    "Black b4xd2 takes c3") other=e1 reply=b4xd2 ;;
    "Black d4xb2 takes c3") other=a1 reply=d4xb2 ;;
    *) fail "line $((opening + 5)): expected the computer's capture, got '$last'" ;;
    esac
    capture=$([ "$other" = e1 ] && echo "b2, e1" || echo "a1, d2")
    expect "${welcome[@]}" \
        "White against Black (computer, level 1)." \
        "${rules[@]}" \
        "White to move." \
        "White d2-c3" \
        "Black (computer, level 1) to move." \
        "Capture compulsory: b4, d4 can capture." \
        "$last" \
        "White to move." \
        "Capture compulsory: $capture can capture." \
        "Last move: $last." \
        "White took back d2-c3, and Black's reply $reply with it." \
        "White to move."
    ;;
computer_thinking)
    # The computer given 30 seconds a move: quit and its answer are not kept waiting, and the end of
    # input quits at once (if either waited for the computer, this would take a minute).
    # A middle game that no book of proven positions holds, so the computer thinks (every rule set's
    # book answers 1. d2-c3 at once).
    start=$SECONDS
    middle=W:Wa1,b1,c1,d1,e1,a2,b2:Ba5,b5,c5,d5,e5,d4,e4
    play $'a2-a3\nquit\nyes\n' --black ai:8 --time 30 --fen "$middle"
    expect "${welcome[@]}" "White against Black (computer, level 8)." "${rules[@]}" "White to move." \
        "White a2-a3" "Black (computer, level 8) to move." \
        "Quit? The game is saved: run fetaix to resume it. (yes or no)" "$saved"
    play '' --black ai:8 --time 30 --resume
    expect "${welcome[@]}" "White against Black (computer, level 8)." "${rules[@]}" \
        "1 move played; the last: White a2-a3." "Black (computer, level 8) to move." "$saved"
    ((SECONDS - start < 20)) || fail "quitting waited for the computer"
    ;;
resume)
    # The end of input quits with the game saved; the next start offers it, and yes resumes it here.
    play $'d2-c3\nb4xd2\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." \
        "White d2-c3" "Black to move." "Capture compulsory: b4, d4 can capture." \
        "Black b4xd2 takes c3" "White to move." "Capture compulsory: b2, e1 can capture." \
        "$saved"
    play $'board\nyes\nlast\ne1xc3\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "1 move played; the last: Black b4xd2 takes c3." \
        "Resume the unfinished game (1 move)? (yes or no)" \
        "rank 5: black men a5, b5, c5, d5, e5" "rank 4: black men a4, c4, d4, e4" \
        "rank 3: white men d3, e3, black men a3, b3" "rank 2: white men a2, b2, c2, e2, black man d2" \
        "rank 1: white men a1, b1, c1, d1, e1" \
        "Game resumed." "White to move." "Capture compulsory: b2, e1 can capture." \
        "Last move: Black b4xd2 takes c3." \
        "White e1xc3 takes d2" "Black to move." "Capture compulsory: d4 can capture." "$saved"
    # --resume takes it without asking; no sets it aside in the history and starts afresh.
    play $'last\n' --resume
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "2 moves played; the last: White e1xc3 takes d2." "Black to move." "Capture compulsory: d4 can capture." \
        "Last move: White e1xc3 takes d2." "$saved"
    play $'no\nlast\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "2 moves played; the last: White e1xc3 takes d2." \
        "Resume the unfinished game (2 moves)? (yes or no)" \
        "The unfinished game (2 moves) is kept in the game history (fetaix games lists it)." \
        "No moves played yet." "White to move." "No move has been played yet."
    games=$("$BIN" games)
    [[ "$games" == "#1  "*"  White - Black  unfinished  2 moves  "*.pdn ]] || fail "not set aside in the history: $games"
    ;;
autosave_failing)
    # The state folder cannot be made (a file is in its way): the notice says so at once; quitting says
    # the game is not saved, and asks again when the history cannot keep it either.
    touch "$STATE/file"
    XDG_STATE_HOME=$STATE/file play $'c2-c3\nquit\nyes\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "Notice: autosave failing: cannot create: Not a directory: $STATE/file/fetaix" \
        "White to move." "White c2-c3" "Black to move." "Capture compulsory: c4 can capture." \
        "Quit? Not autosaved: it goes to the game history. (yes or no)" \
        "Not kept in the game history: cannot create $STATE/file/fetaix: Not a directory" \
        "The game cannot be kept in the history. Abandon it anyway? (yes or no)" \
        "Not kept in the game history: cannot create $STATE/file/fetaix: Not a directory"
    # Abandoned: the last line says again that the game is not kept, as the end of input does.
    XDG_STATE_HOME=$STATE/file play $'c2-c3\nquit\nyes\nyes\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "Notice: autosave failing: cannot create: Not a directory: $STATE/file/fetaix" \
        "White to move." "White c2-c3" "Black to move." "Capture compulsory: c4 can capture." \
        "Quit? Not autosaved: it goes to the game history. (yes or no)" \
        "Not kept in the game history: cannot create $STATE/file/fetaix: Not a directory" \
        "The game cannot be kept in the history. Abandon it anyway? (yes or no)" \
        "Not kept in the game history: cannot create $STATE/file/fetaix: Not a directory"
    ;;
second_instance)
    # A first fetaix holds the autosave (its input a FIFO kept open); a second one is offered its saved
    # game read-only, and refuses to play on it.
    mkfifo "$STATE/in"
    timeout 60 "$BIN" --screen-reader <"$STATE/in" >"$STATE/first" 2>&1 &
    first=$!
    exec 3>"$STATE/in"
    printf 'c2-c3\n' >&3
    deadline=$((SECONDS + 10))
    until grep -q '^Capture compulsory: c4 can capture\.$' "$STATE/first"; do
        ((SECONDS < deadline)) || { OUT=$(cat "$STATE/first"); fail "the first fetaix did not play c2-c3"; }
        sleep 0.05
    done
    play $'c4xc2\nyes\nc4xc2\nlast\nquit\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "1 move played; the last: White c2-c3." \
        "Saved game open in another fetaix: yes = view read-only, no = separate game" \
        "Answer yes or no first: Saved game open in another fetaix: yes = view read-only, no = separate game" \
        "Black to move." "Capture compulsory: c4 can capture." \
        "Nothing can be played: read-only: open in another fetaix. board, moves, last, list, clock, save, chat, review, help and quit work." \
        "Last move: White c2-c3."
    # The end of the first one's input ends it, its game saved.
    exec 3>&-
    wait "$first" || fail "the first fetaix failed"
    grep -q '^1\. c2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the first game is not saved"
    ;;
signal)
    # SIGHUP (the SSH connection dropped) while it waits for a line: it ends at once, the game saved.
    mkfifo "$STATE/in"
    # Not under timeout, which passes the signal on to its whole process group: SIGHUP goes to fetaix
    # alone, and ctest's time limit catches a hang.
    "$BIN" --screen-reader <"$STATE/in" >"$STATE/out" 2>&1 &
    pid=$!
    exec 3>"$STATE/in"
    printf 'c2-c3\n' >&3
    deadline=$((SECONDS + 10))
    until grep -q '^Capture compulsory: c4 can capture\.$' "$STATE/out"; do
        ((SECONDS < deadline)) || { OUT=$(cat "$STATE/out"); fail "c2-c3 was not played"; }
        sleep 0.05
    done
    kill -HUP "$pid"
    deadline=$((SECONDS + 10))
    while kill -0 "$pid" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do
        ((SECONDS < deadline)) || fail "still running 10 seconds after SIGHUP"
        sleep 0.05
    done
    wait "$pid"
    status=$?
    exec 3>&-
    OUT=$(cat "$STATE/out")
    [ "$status" = 0 ] || fail "exit status $status after SIGHUP"
    grep -q '^1\. c2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the game is not saved"
    ;;
commands)
    # What the screen's keys H, s and o do, and its move list: hint, save FILE (asking before replacing),
    # open FILE (asking before abandoning a game), list. No tables: the only move is the hint.
    export XDG_DATA_HOME=$STATE/data
    g=$STATE/g.pdn
    play "hint"$'\n'"list"$'\n'"c2xc4"$'\n'"list"$'\n'"save $g"$'\n'"save $g"$'\n'"no"$'\n'"save $g"$'\n'"yes"$'\n'"open $g"$'\n'"yes"$'\n'"resign"$'\n'"bar"$'\n'"no"$'\n' \
        --fen W:Wc2:Bc3,e5 --white Ali
    expect "${welcome[@]}" "White (Ali) against Black." "${rules[@]}" "White (Ali) to move." "Capture compulsory: c2 can capture." \
        "Thinking about a hint..." "Hint: c2xc4 (the only move)" \
        "No moves played yet." \
        "White c2xc4 takes c3" "Black to move." \
        "Moves: 1. c2xc4." \
        "Saved to $g." \
        "Replace $g (a fetaix game, 1 move)? (yes or no)" "Not saved: $g was left as it is." "Black to move." \
        "Replace $g (a fetaix game, 1 move)? (yes or no)" "Saved to $g (replaced)." "Black to move." \
        "Abandon this game and open $g? (yes or no)" "Opened $g." "Black to move." \
        "Resign for Black? (yes or no)" "Answer yes or no first: Resign for Black? (yes or no)" "Black to move." \
        "$saved"
    [ "$(tail -c 2 "$g" | od -An -c | tr -d ' ')" = '*\n' ] || fail "the saved file does not end with a newline"
    ;;
reply_at_end)
    # The end of input right after a move against the computer: its reply (2 seconds' thinking) is said
    # and saved before the program ends. A middle game that no book holds, so the computer thinks.
    play $'a2-a3\n' --black ai:8 --time 2 --fen W:Wa1,b1,c1,d1,e1,a2,b2:Ba5,b5,c5,d5,e5,d4,e4
    reply=$(printf '%s\n' "$OUT" | sed -n "$((opening + 4))p")
    [[ $reply =~ ^Black\ [a-e][1-5]-[a-e][1-5]$ ]] || fail "line $((opening + 4)): expected the computer's step, got '$reply'"
    # The reply may leave White a capture to make, which is said before the end.
    after=()
    capture=$(printf '%s\n' "$OUT" | sed -n "$((opening + 6))p")
    [[ $capture =~ ^Capture\ compulsory:\ [a-e1-5,\ ]+\ can\ capture\.$ ]] && after=("$capture")
    expect "${welcome[@]}" "White against Black (computer, level 8)." "${rules[@]}" "White to move." \
        "White a2-a3" "Black (computer, level 8) to move." "$reply" "White to move." "${after[@]}" "$saved"
    play $'last\n' --black ai:8 --time 2 --resume
    [ "$(printf '%s\n' "$OUT" | sed -n "$((opening + 1))p")" = "1 move played; the last: $reply." ] || fail "the reply was not saved"
    ;;
settings_overridden)
    # Rules the settings file turns on are turned off for one game by the switches' --no- forms, and
    # the others it sets by the switches themselves.
    mkdir -p "$CONFIG/fetaix"
    printf '[rules]\nmajority = true\nbackward-captures = true\npromotion = "stop"\n' >"$CONFIG/fetaix/config.toml"
    play '' --no-majority --no-backward-captures --promotion end
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move."
    play '' --no-majority
    expect "${welcome[@]}" "White against Black." "Rule: backward captures yes." "Rule: majority no." \
        "Rule: promotion stop." "Rule: no-progress draw after 50 plies." "White to move."
    ;;
settings_line)
    # Only the settings this mode uses are told: not [keys] (nor theme, ascii, auto-flip, bell).
    mkdir -p "$CONFIG/fetaix"
    printf '[keys]\nundo = "Ctrl-C"\n[rules]\nmajority = "maybe"\n' >"$CONFIG/fetaix/config.toml"
    play ''
    expect "${welcome[@]}" "White against Black." "${rules[@]}" \
        "Notice: settings: $CONFIG/fetaix/config.toml:4:12: rules.majority: expected true or false, found \"maybe\" (ignored)" \
        "White to move."
    ;;
long_line)
    # A line over 4096 characters is refused whole, in one line; the next line is read as ever.
    play "$(printf 'x%.0s' $(seq 5000))"$'\nc2-c3\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." \
        "That line is too long (over 4096 characters): type help for the commands." \
        "White c2-c3" "Black to move." "Capture compulsory: c4 can capture." "$saved"
    ;;
no_input)
    # Standard input at its end from the start (CI's /dev/null): the opening, then it quits at once.
    OUT=$(timeout 20 "$BIN" --screen-reader --majority </dev/null 2>&1)
    [ $? = 0 ] || fail "exit status not 0"
    expect "${welcome[@]}" "White against Black." \
        "Rule: backward captures no." "Rule: majority yes." "Rule: promotion end." \
        "Rule: no-progress draw after 50 plies." "White to move."
    ;;
settings)
    # screen-reader = true in the settings is the mode without the option.
    mkdir -p "$CONFIG/fetaix"
    printf 'screen-reader = true\n[players]\nwhite = "Amina"\n' >"$CONFIG/fetaix/config.toml"
    OUT=$(printf 'c2-c3\n' | timeout 20 "$BIN" 2>&1)
    [ $? = 0 ] || fail "exit status not 0"
    expect "${welcome[@]}" "White (Amina) against Black." "${rules[@]}" "White (Amina) to move." \
        "White c2-c3" "Black to move." "Capture compulsory: c4 can capture." "$saved"
    ;;
tablebase)
    # The computer (level 8) on both sides of a 3-piece ending, with the tables built in a temporary
    # data folder: it wins in exactly the distance the table gives. The game is read as it is played
    # (a coprocess), and quit once it is over.
    export XDG_DATA_HOME=$STATE/data
    "$BIN" tablebase build --pieces 3 >/dev/null 2>"$STATE/build" || fail "tablebase build: $(cat "$STATE/build")"
    start=W:Wc1,Kc2:BKa5
    probe=$("$BIN" tablebase probe "$start")
    [ "$probe" = "$start win 21" ] || fail "probe: $probe"
    coproc GAME { timeout 60 "$BIN" --screen-reader --fen "$start" --white ai:8 --black ai:8 --time 5 2>"$STATE/stderr"; }
    OUT=
    while IFS= read -r line <&"${GAME[0]}"; do
        OUT+=$line$'\n'
        [[ "$line" == "Game over: "* ]] && break
    done
    echo quit >&"${GAME[1]}"
    wait "$GAME_PID" || fail "exit status $?: $(cat "$STATE/stderr")"
    [ -z "$(cat "$STATE/stderr")" ] || fail "standard error: $(cat "$STATE/stderr")"
    moves=$(printf '%s' "$OUT" | grep -cE '^(White|Black) (mullah )?[a-e][1-5][-x]')
    [ "$moves" = 21 ] || fail "$moves moves played, the table says 21"
    printf '%s' "$OUT" | tail -n 1 | grep -qx 'Game over: White (computer, level 8) wins by all pieces captured.' || fail "White did not win"
    ;;
help)
    # help and board a short line each, as a braille display needs (found by a newcomer: one line of
    # 650 characters, and the board in one of 190).
    play $'help\nboard\n' --fen W:Wa1,d1:Bc3,e5
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." \
        "Commands:" \
        "a move such as c2-c3 or a1xd4xd1 (a capture's unique beginning is enough)" \
        "board: the pieces rank by rank" \
        "moves: the legal moves" \
        "last: the last move" \
        "list: the moves played, numbered" \
        "clock: both clocks" \
        "hint: the engine's move" \
        "undo: take back the last move" \
        "redo: play it again" \
        "draw: offer a draw" \
        "resign" \
        "new: a new game" \
        "save FILE: save the game to a file (an existing one only replaced after asking)" \
        "open FILE: open a record, or #N from the game history" \
        "chat TEXT: send a chat line (a game over the network)" \
        "review: each move's value and the turning points (again: stop)" \
        "help: these lines" \
        "quit" \
        "Questions are answered yes or no." \
        "Rules:" \
        "Men step forward, diagonally forward or sideways, one point." \
        "Men capture by short leaps; mullahs fly and capture from afar." \
        "Capturing is compulsory, and a sequence must be completed." \
        "Taken pieces leave at once, in the middle of a move too." \
        "A mullah must land where it can capture again, if it can." \
        "A man ending its move on the far rank becomes a mullah." \
        "Win by capturing every piece or leaving no legal move." \
        "Men capture forward, diagonally forward or sideways, never backward." \
        "A man reaching the far rank mid-capture captures on as a man." \
        "Any capture sequence may be chosen, not only the longest." \
        "Draw: a position standing a third time with the same side to move." \
        "Draw: 50 plies without a capture or a man's move." \
        "rank 5: black man e5" "rank 4: empty" "rank 3: black man c3" "rank 2: empty" "rank 1: white men a1, d1"
    ;;
end_of_input)
    # The end of input (Ctrl-D) says where the game is kept, as quit's question does; with no game in
    # play (none begun, one over) it says nothing more, as quit asks nothing.
    play $'b3xd3\n' --fen W:Wb3:Bc3
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." "Capture compulsory: b3 can capture." \
        "White b3xd3 takes c3" "Game over: White wins by all pieces captured."
    play $'c2-c3\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." \
        "White c2-c3" "Black to move." "Capture compulsory: c4 can capture." \
        "$saved"
    play $'no\n'
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "1 move played; the last: White c2-c3." \
        "Resume the unfinished game (1 move)? (yes or no)" \
        "The unfinished game (1 move) is kept in the game history (fetaix games lists it)." \
        "No moves played yet." "White to move."
    ;;
history_once)
    # A resignation taken back and the game played on to its end: kept once in the history, with that
    # end (found by a newcomer: the resignation stayed beside it).
    play $'d1-d2\nresign\nyes\nundo\nc3xe1\na1-b1\ne1xa1\n' --fen W:Wa1,d1:Bc3,e5
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." \
        "White d1-d2" "Black to move." "Capture compulsory: c3 can capture." \
        "Resign for Black? (yes or no)" "Game over: White wins by resignation." \
        "Black took back the resignation." "Black to move." "Capture compulsory: c3 can capture." \
        "Black c3xe1 takes d2, becomes a mullah" "White to move." \
        "White a1-b1" "Black to move." "Capture compulsory: e1 can capture." \
        "Black mullah e1xa1 takes b1" "Game over: Black wins by all pieces captured."
    OUT=$("$BIN" games)
    [[ "$OUT" == "#1  "*"  White - Black  0-1 (all pieces captured)  2 moves  $STATE/fetaix/games/"*.pdn && "$OUT" != *$'\n'* ]] ||
        fail "the game is not kept once, with its end"
    ;;
history_resumed)
    # The same with the program left between the resignation taken back and the end: the autosave
    # names the history's record of its game, and the game resumed and ended is kept in its place.
    play $'d1-d2\nresign\nyes\nundo\n' --fen W:Wa1,d1:Bc3,e5
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "White to move." \
        "White d1-d2" "Black to move." "Capture compulsory: c3 can capture." \
        "Resign for Black? (yes or no)" "Game over: White wins by resignation." \
        "Black took back the resignation." "Black to move." "Capture compulsory: c3 can capture." \
        "$saved"
    play $'c3xe1\na1-b1\ne1xa1\n' --resume
    expect "${welcome[@]}" "White against Black." "${rules[@]}" "1 move played; the last: White d1-d2." \
        "Black to move." "Capture compulsory: c3 can capture." \
        "Black c3xe1 takes d2, becomes a mullah" "White to move." \
        "White a1-b1" "Black to move." "Capture compulsory: e1 can capture." \
        "Black mullah e1xa1 takes b1" "Game over: Black wins by all pieces captured."
    OUT=$("$BIN" games)
    [[ "$OUT" == "#1  "*"  White - Black  0-1 (all pieces captured)  2 moves  $STATE/fetaix/games/"*.pdn && "$OUT" != *$'\n'* ]] ||
        fail "the game is not kept once, with its end"
    ;;
tablebase_refused)
    # A table that is a FIFO nobody writes to: the hint says at once why it is not used, the
    # first time only, and the game goes on without it; the computer says it after its move.
    export XDG_DATA_HOME=$STATE/data
    "$BIN" tablebase build --pieces 3 >/dev/null 2>"$STATE/build" || fail "tablebase build: $(cat "$STATE/build")"
    table="$XDG_DATA_HOME/fetaix/tablebases/backward-captures=no,promotion=end,majority=no/1m1k-0m1k.tb"
    rm "$table"
    mkfifo "$table"
    play $'hint\nhint\nc1-b2\nquit\n' --fen W:Wc1,Kc2:BKa5
    hints=$(printf '%s\n' "$OUT" | grep '^Hint: ')
    [[ $(sed -n 1p <<<"$hints") =~ ^Hint:\ [a-e][1-5]-[a-e][1-5]\ \([^\)]*\)\.\ Endgame\ table\ not\ used:\ $table\ is\ not\ a\ regular\ file\.$ ]] ||
        fail "the first hint: $(sed -n 1p <<<"$hints")"
    [[ $(sed -n 2p <<<"$hints") =~ ^Hint:\ [a-e][1-5]-[a-e][1-5]\ \([^\)]*\)$ ]] || fail "the second hint: $(sed -n 2p <<<"$hints")"
    printf '%s\n' "$OUT" | grep -qx "White c1-b2" || fail "the move was not played: $OUT"
    # The computer's move is read as it comes (a coprocess), then the game is quit.
    coproc GAME { timeout 30 "$BIN" --screen-reader --fen W:Wc1,Kc2:BKa5 --white ai:8 --time 0.5 2>"$STATE/stderr"; }
    OUT=
    while IFS= read -r line <&"${GAME[0]}"; do
        OUT+=$line$'\n'
        [[ "$line" == "White plays "* ]] && break
    done
    printf 'quit\nyes\n' >&"${GAME[1]}"
    wait "$GAME_PID" || fail "exit status $?: $(cat "$STATE/stderr")"
    printf '%s' "$OUT" | grep -qE "^White plays [a-e][1-5]-[a-e][1-5]\. Endgame table not used: $table is not a regular file\.$" ||
        fail "the computer's move: $OUT"
    ;;
*)
    fail "unknown test $1"
    ;;
esac
echo ok
