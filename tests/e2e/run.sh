#!/usr/bin/env bash
# End-to-end tests of the terminal game. Usage: FETAIX_BIN=path run.sh TEST
source "$(dirname "$0")/lib.sh"

board_unicode=(
    "5   ●─────●─────●─────●─────●"
    "    │ ╲   │   ╱ │ ╲   │   ╱ │"
    "    │   ╲ │ ╱   │   ╲ │ ╱   │"
    "4   ●─────●─────●─────●─────●"
    "    │   ╱ │ ╲   │   ╱ │ ╲   │"
    "    │ ╱   │   ╲ │ ╱   │   ╲ │"
    "3   ●─────●─────·─────○─────○"
    "    │ ╲   │   ╱ │ ╲   │   ╱ │"
    "    │   ╲ │ ╱   │   ╲ │ ╱   │"
    "2   ○─────○────[○]────○─────○"
)

expect_start_board() {
    for i in "${!board_unicode[@]}"; do
        local got
        got=$(screen | sed -n "$((i + 3))p" | sed 's/ *$//')
        [ "$got" = "${board_unicode[$i]}" ] || fail "board line $((i + 2)): expected '${board_unicode[$i]}', got '$got'"
    done
}

case "${1:?test name}" in
start)
    start_game --white Ali --black Zineb
    wait_for 'White \(Ali\) to move'
    expect_line 0 "fetaix   ○ White (Ali)   ● Black (Zineb)"
    expect_start_board
    expect_line 13 "    │ ╱   │   ╲ │ ╱   │   ╲ │     backward captures no, majority no"
    expect_line 14 "1   ○─────○─────○─────○─────○     promotion end"
    expect_line 15 "                                  no-progress draw after 50 plies"
    expect_line 16 "    a     b     c     d     e"
    expect_line 21 "White (Ali) to move | White 12, Black 12"
    ;;
wide_name)
    # A 14-character CJK name (42 bytes) is taken, and laid out two columns a character.
    start_game --white 一二三四五六七八九十一二三四 --black 王
    wait_for 'to move'
    expect_line 0 "fetaix   ○ White (一二三四五六七八九十一二三四)   ● Black (王)"
    expect_line 21 "White (一二三四五六七八九十一二三四) to move | White 12, Black 12"
    expect_start_board
    keys d
    wait_for 'accept'
    expect_line 22 "White offers a draw. Black (王), accept? (y/n)"
    ;;
win)
    # A whole game typed at the keyboard, to White capturing all twelve Black pieces.
    start_game
    wait_for 'White to move'
    for m in d3-c3 b3xd3 e3xc3 d4-d3 c3xe3 c5-d4 e3xc5 e5-d4 c5xc3xe5xe3 a3-b3 e3xa3xc5xe5 a5-b4; do
        type_move "$m"
    done
    wait_for 'White to move - capture compulsory \| White 11, Black 3'
    type_move e5xa5xa3xc5
    wait_for 'Game over: White wins by all pieces captured\.'
    expect_line 22 "n new game   u undo   f flip   ? help   q quit"
    expect_line 8 "3   ·─────·─────·─────·─────·      7. e5xa5xa3xc5"
    expect_line 2 "5   ·─────·─────◎─────·─────·      1. d3-c3        b3xd3"
    ;;
multicapture)
    # c1 takes c2 and lands on c3, where two ways go on: each landing point chosen with the cursor.
    start_game --fen W:Wc1:Bc2,d3,b3,a5
    wait_for 'capture compulsory'
    keys Down
    wait_for '^1   ·─────·────\[○\]────·─────·'
    keys Enter
    wait_for '^3   ·─────●─────◌─────●─────·'
    keys Up Up Enter
    # c3 chosen (under the cursor); a3 and e3 marked to land on next; nothing played yet.
    wait_for '^3   ◌─────●────\[•\]────●─────◌'
    expect_line 14 "1   ·─────·────(○)────·─────·     promotion end"
    screen | grep -q '1\. c1' && fail "a move was played before the sequence was complete"
    keys Left Left Enter
    wait_for ' 1\. c1xc3xa3'
    wait_for 'Black to move'
    expect_line 8 "3  [○]────·─────·─────●─────·"
    ;;
mouse)
    # Clicks as a terminal reports them (xterm's X10 encoding: button, column + 33, row + 33).
    start_game
    wait_for 'White to move'
    keys -l $'\e[M 1,' $'\e[M#1,'  # press and release on c2 (row 11, column 16)
    wait_for '^3   ●─────●─────◌─────○─────○'
    keys -l $'\e[M 1)' $'\e[M#1)'  # on c3 (row 8)
    wait_for ' 1\. c2-c3'
    ;;
undo)
    start_game
    wait_for 'White to move'
    keys Enter Up Enter
    wait_for ' 1\. c2-c3'
    keys Up Enter Down Down Enter
    wait_for ' 1\. c2-c3 +c4xc2'
    keys u
    wait_gone 'c4xc2'
    wait_for '\(1 to redo\)'
    wait_for 'Black to move'
    keys u
    wait_gone 'c2-c3'
    wait_for '\(2 to redo\)'
    keys r r
    wait_for ' 1\. c2-c3 +c4xc2'
    wait_gone 'to redo'
    ;;
help)
    start_game --majority
    wait_for 'White to move'
    keys '?'
    wait_for 'Any key closes this page\.'
    screen | grep -q 'majority yes' || fail "rules in force not on the help page"
    screen | grep -q 'R  resign' || fail "keys not on the help page"
    keys x
    wait_gone 'Any key closes'
    wait_for 'White to move'
    ;;
resize)
    start_game
    wait_for 'White to move'
    $T resize-window -t e2e -x 40 -y 12
    wait_for 'Terminal too small'
    wait_for '40x12; fetaix needs 72x22'
    $T resize-window -t e2e -x 80 -y 24
    wait_for 'White to move'
    expect_start_board
    ;;
ascii)
    start_game --ascii
    wait_for 'White to move'
    expect_line 2 "5   b-----b-----b-----b-----b"
    expect_line 3 "    | \\   |   / | \\   |   / |"
    expect_line 11 "2   w-----w----[w]----w-----w"
    ;;
no_color)
    $T -u new-session -d -s e2e -x 80 -y 24 "env NO_COLOR=1 $BIN; sleep 30"
    wait_for 'White to move'
    expect_start_board
    # No colour escapes at all: only bold, underline and reverse video.
    if screen_with_escapes | grep -qE $'\e\\[(3[0-7]|4[0-7]|38;|48;)'; then fail "colour codes with NO_COLOR set"; fi
    screen_with_escapes | grep -qE $'\e\\[1m' || fail "no bold at all"
    ;;
color)
    start_game
    wait_for 'White to move'
    # The board sets its own background, so it reads the same on dark and light terminals.
    screen_with_escapes | grep -qE $'\e\\[(4[0-7]|48;5;[0-9]+)m' || fail "no board background colour"
    ;;
terms)
    for term in xterm-256color screen-256color linux vt100; do
        $T -u new-session -d -s e2e -x 80 -y 24 "env TERM=$term $BIN; sleep 30"
        wait_for 'White to move'
        expect_start_board
        keys q
        $T kill-server
        sleep 0.1
    done
    ;;
quit)
    start_shell
    keys "$BIN" Enter
    wait_for 'White to move'
    keys Enter Up Enter
    wait_for ' 1\. c2-c3'
    keys q
    wait_for 'Quit this game\? \(y/n\)'
    keys n
    wait_for 'Black to move'
    keys q y
    wait_for 'prompt\$ ?$'
    keys 'stty -a | tr " " "\n" | grep -x -e icanon -e -icanon -e echo -e -echo | tr "\n" " "; echo' Enter
    wait_for '^icanon echo ?$'
    ;;
signals)
    # Ctrl-C, SIGTERM and SIGHUP (a dropped SSH connection) each end the game and restore the terminal.
    for sig in INT TERM HUP; do
        start_shell
        keys "$BIN" Enter
        wait_for 'White to move'
        if [ "$sig" = INT ]; then
            keys C-c
        else
            # This test's own fetaix: the child of this window's shell (other tests may run at once).
            pid=$(pgrep -P "$($T display-message -p -t e2e '#{pane_pid}')" || true)
            [ -n "$pid" ] || fail "cannot find the fetaix process"
            kill -"$sig" "$pid"
        fi
        wait_for 'prompt\$ ?$'
        keys 'stty -a | tr " " "\n" | grep -x -e icanon -e -icanon -e echo -e -echo | tr "\n" " "; echo' Enter
        wait_for '^icanon echo ?$'
        $T kill-server
        sleep 0.1
    done
    ;;
resume)
    # A dropped connection: the tmux server is killed mid-game (fetaix gets SIGHUP); nothing is lost.
    start_game --white Ali
    wait_for 'White \(Ali\) to move'
    for m in d2-c3 b4xd2 e1xc3; do type_move "$m"; done
    keys u
    wait_for '\(1 to redo\)'
    $T kill-server
    sleep 0.2
    start_game
    wait_for 'Resume the unfinished game \(2 moves\)\? \(y/n\)'
    keys y
    wait_for 'Game resumed\.'
    wait_for ' 1\. d2-c3 +b4xd2'
    wait_for '\(1 to redo\)'
    expect_line 0 "fetaix   ○ White (Ali)   ● Black"
    keys r
    wait_for ' 2\. e1xc3'
    # The next start can resume without asking, or start afresh.
    $T kill-server
    sleep 0.2
    start_game --resume
    wait_for ' 2\. e1xc3'
    $T kill-server
    sleep 0.2
    start_game --new
    wait_for 'White to move'
    screen | grep -q 'Resume' && fail "--new asked to resume"
    screen | grep -q 'e1xc3' && fail "--new shows the old game"
    ;;
finished_not_offered)
    start_game --fen W:Wb3:Bc3
    wait_for 'White to move'
    type_move b3xd3
    wait_for 'Game over'
    $T kill-server
    sleep 0.2
    start_game
    wait_for 'White to move'
    screen | grep -q 'Resume' && fail "a finished game was offered"
    true
    ;;
autosave_failing)
    # The state folder cannot be made (its parent is a file): the game goes on and says so.
    touch "$STATE/file"
    $T -u new-session -d -s e2e -x 80 -y 24 "env XDG_STATE_HOME=$STATE/file $BIN; sleep 30"
    wait_for 'autosave failing: cannot create .*Not a directory'
    type_move c2-c3
    wait_for 'Black to move - capture compulsory'
    wait_for 'autosave failing'
    # Retried after the next move: once the folder can be made, the failure notice goes.
    rm "$STATE/file"
    type_move c4xc2
    wait_gone 'autosave failing'
    [ -s "$STATE/file/fetaix/autosave.pdn" ] || fail "no autosave after the folder came back"
    grep -q '1. c2-c3 c4xc2' "$STATE/file/fetaix/autosave.pdn" || fail "autosave lacks the moves"
    ;;
long_notice)
    # A long state folder under a file: the autosave fails with a notice longer than the screen is
    # wide. At 72x22 and 80x24 the reason stays in view, the path is shortened in the middle, the
    # layout holds, and the help page shows the whole text.
    deep="$STATE/a-rather-long-folder-name/another-long-folder-name/and-a-third-one-for-good-measure"
    mkdir -p "$deep"
    touch "$deep/file"
    # wait_line N TEXT: until screen line N is TEXT (the redraw after a resize comes a moment later).
    wait_line() {
        local deadline=$((SECONDS + 5))
        while ((SECONDS < deadline)); do
            [ "$(screen | sed -n "$(($1 + 1))p" | sed 's/ *$//')" = "$2" ] && return 0
            sleep 0.05
        done
        expect_line "$1" "$2"
    }
    $T -u new-session -d -s e2e -x 72 -y 22 "env XDG_STATE_HOME=$deep/file/state $BIN; sleep 30"
    for size in 72x22 80x24; do
        columns=${size%x*} rows=${size#*x}
        $T resize-window -t e2e -x "$columns" -y "$rows"
        [ "$($T display -p -t e2e '#{window_width}x#{window_height}')" = "$size" ] || fail "the window is not $size"
        wait_line $((rows - 3)) "White to move | White 12, Black 12"
        wait_for 'autosave failing'
        wait_for 'Not a directory'
        wait_for '/…/([^ ]*/)?state'
        expect_line 16 "    a     b     c     d     e"
        keys '?'
        wait_for 'Notices'
        # The page's text starts 4 columns into its 70; joined, its Notices lines hold the whole text.
        left=$(((columns - 70) / 2 + 4))
        notice=$(screen | sed -n '/Notices/,/Keys/p' | sed '1d;$d' | while IFS= read -r line; do
            printf '%s' "${line:$left}"; done | tr -d ' ')
        case "$notice" in
            *"$deep/file/state"*) ;;
            *) fail "at $size the help page lacks the whole path: '$notice'" ;;
        esac
        case "$notice" in
            *autosavefailing*Notadirectory*|*Notadirectory*autosavefailing*) ;;
            *) fail "at $size the help page lacks the reason: '$notice'" ;;
        esac
        keys q
        wait_gone 'Notices'
    done
    ;;
second_instance)
    start_game
    wait_for 'White to move'
    type_move c2-c3
    $T new-window -t e2e "$BIN; sleep 30"
    wait_for 'Saved game open in another fetaix: y = view read-only, n = separate game'
    keys -t e2e:1 y
    wait_for 'Replay: move 1 of 1 \(read-only: open in another fetaix\)'
    $T kill-window -t e2e:1
    $T new-window -t e2e "$BIN; sleep 30"
    wait_for 'open in another fetaix'
    keys -t e2e:1 n
    wait_for 'autosave off: the saved game is open in another fetaix'
    type_move d2-c3
    # The first instance's autosave is untouched by the second.
    grep -q '1. c2-c3 \*' "$XDG_STATE_HOME/fetaix/autosave.pdn" || fail "the second fetaix wrote the autosave"
    ;;
save_open)
    work=$(mktemp -d)
    $T -u new-session -d -s e2e -x 80 -y 24 -c "$work" "$BIN; sleep 30"
    wait_for 'White to move'
    type_move c2-c3
    keys s
    wait_for '^Save to: fetaix-[0-9]{8}-[0-9]{4}\.pdn_'
    keys Enter
    wait_for 'Saved to fetaix-[0-9]{8}-[0-9]{4}\.pdn\.'
    saved=$(ls "$work"/fetaix-*.pdn) || fail "no saved file"
    grep -q '1. c2-c3 \*' "$saved" || fail "the saved file lacks the move"
    printf '1. c2-c3 c4xc2 2. c1-c2 *\n' >"$work/bad.pdn"
    keys o
    wait_for '^Open: _'
    keys -l bad.pdn
    keys Enter
    wait_for "Not opened: .*line 1, column 19: move 2 'c1-c2'"
    keys Escape
    wait_for ' 1\. c2-c3$'
    keys o
    keys -l "$(basename "$saved")"
    keys Enter
    wait_for 'Opened fetaix-'
    rm -rf "$work"
    ;;
replay)
    work=$(mktemp -d)
    printf '[White "Ali"]\n1. d2-c3 b4xd2 2. e1xc3 *\n' >"$work/g.pdn"
    start_game replay "$work/g.pdn"
    wait_for 'Replay: move 0 of 3'
    keys Right Right
    wait_for 'Replay: move 2 of 3'
    keys End
    wait_for 'Replay: move 3 of 3'
    keys Home
    wait_for 'Replay: move 0 of 3'
    keys Enter
    wait_for 'Replaying: left and right step'
    keys q
    wait_for 'EXITED 0'
    grep -q 'e1xc3 \*' "$work/g.pdn" || fail "replay changed the file"
    rm -rf "$work"
    ;;
computer)
    # The computer replies on its own; while level 8 thinks the screen keeps answering (help opens and
    # closes), and undo takes back its reply and the player's move together.
    start_game --black ai:8 --time 1.5
    wait_for 'Black \(computer, level 8\)'
    type_move d2-c3
    wait_for 'thinking: depth [0-9]+'
    keys '?'
    wait_for 'Any key closes this page'
    keys x
    wait_for ' 1\. d2-c3 +[bd]4xd2' 10
    wait_for 'White to move'
    keys u
    wait_gone 'd2-c3'
    keys H
    wait_for 'Hint: [a-e][1-5][-x][a-e][1-5]' 5
    ;;
*)
    echo "unknown test $1" >&2
    exit 2
    ;;
esac
echo "PASS: $1"
