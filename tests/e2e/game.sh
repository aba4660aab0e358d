# A game at the keyboard: the start, moves typed and by cursor or mouse, the prompt, refusals, undo,
# the help, the computer, the bell, quitting and signals, the clock running out, the screen-reader mode
# in a terminal.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_start() {
    start_game --white Ali --black Zineb
    wait_for 'White \(Ali\) to move'
    expect_line 0 "fetaix   ○ White (Ali) to move   ● Black (Zineb)"
    expect_start_board
    expect_line 13 "    │ ╱   │   ╲ │ ╱   │   ╲ │     backward captures no, majority no"
    expect_line 14 "1   ○─────○─────○─────○─────○     promotion end"
    expect_line 15 "                                  no-progress draw after 50 plies"
    expect_line 16 "    a     b     c     d     e"
    expect_line 21 "White (Ali) to move | White 12, Black 12"
}

e2e_book_untouched() {
    # The proven books (about 62 MB of the program's read-only data) are read only where the computer looks a
    # position up: a game between two people maps none of their pages; a hint maps some.
    start_game --new
    wait_for 'White to move'
    type_move c2-c3
    type_move c4xc2
    pid=$(fetaix_pid e2e)
    before=$(book_pages_mapped "$pid")
    [ "$before" = 0 ] || fail "$before pages of the book mapped in a game between two people"
    # The position after 1. c2-c3 c4xc2 is in the book: the hint's look-up reads some of its pages.
    keys H
    wait_for 'Hint: .*\(proven\)'
    after=$(book_pages_mapped "$pid")
    ((after > 0)) || fail "the hint mapped no page of the book: the measure sees nothing"
}

e2e_game_code_resident() {
    # The code a game between two people runs is laid out together (cmake/game_text.ld): after cursor
    # moves, a move by cursor, typed moves, undo, redo and the help, at most 1,100 kB of the program's
    # executable mapping is resident (1.6-1.7 MB when the same code lay where the link order put it).
    start_game --new
    wait_for 'White to move'
    keys Up Down Space Up Space
    wait_for 'Black to move'
    keys u
    wait_for 'White to move'
    keys r
    wait_for 'Black to move'
    type_move c4xc2
    keys '?'
    wait_for 'Keys'
    keys Escape
    wait_gone 'Keys'
    kb=$(awk -v bin="$(readlink -f "$BIN")" '/^[0-9a-f]+-[0-9a-f]+ /{code = ($6 == bin && $2 == "r-xp")} code && /^Rss:/{kb += $2} END{print kb + 0}' "/proc/$(fetaix_pid e2e)/smaps")
    ((kb > 0 && kb <= 1100)) || fail "$kb kB of the program's code resident in a game between two people (at most 1,100 kB)"
}

e2e_exit_status() {
    # The status a test reads after EXITED is the program's own (it was once that of a bare echo, always
    # 0): a refused position ends it with 2.
    start_game --fen W:W:B
    wait_for '^EXITED 2$'
}

e2e_wide_name() {
    # A 14-character CJK name (42 bytes) is taken, and laid out two columns a character.
    start_game --white 一二三四五六七八九十一二三四 --black 王
    wait_for 'to move'
    expect_line 0 "fetaix   ○ White (一二三四五六七八九十一二三四) to move   ● Black (王)"
    expect_line 21 "White (一二三四五六七八九十一二三四) to move | White 12, Black 12"
    expect_start_board
    keys d
    wait_for 'accept'
    expect_line 22 "White (一二三四五六七八九十一二三四) offers a draw. Black (王), accept? (y/n)"
}

e2e_win() {
    # A whole game typed at the keyboard, to White capturing all twelve Black pieces.
    start_game
    wait_for 'White to move'
    for m in d3-c3 b3xd3 e3xc3 d4-d3 c3xe3 c5-d4 e3xc5 e5-d4 c5xc3xe5xe3 a3-b3 e3xa3xc5xe5 a5-b4; do
        type_move "$m"
    done
    wait_for 'White to move - capture compulsory \| White 11, Black 3'
    type_move e5xa5xa3xc5
    wait_for 'Game over: White wins by all pieces captured\.'
    expect_line 22 "n new game   u undo   [ look back   v review   f flip   ? help   q quit"
    expect_line 8 "3   ·─────·─────·─────·─────·      7. e5xa5xa3xc5"
    expect_line 2 "5   ·─────·─────◎─────·─────·      1. d3-c3        b3xd3"
}

e2e_multicapture() {
    # c1 takes c2 and lands on c3, where two ways go on: each landing point chosen with the cursor.
    start_game --fen W:Wc1:Bc2,d3,b3,a5
    wait_for 'capture compulsory'
    keys Down
    wait_for '^1   ·─────·────\[○\]────·─────·'
    keys Enter
    wait_for '^3   ·─────●─────◌─────●─────·'
    keys Up Up Enter
    # The man stands on c3 (under the cursor), c2 is crossed out as taken, c1 left behind; a3 and e3 are
    # marked to land on next, and the key line says so; nothing played yet.
    wait_for '^3   ◌─────●────\[○\]────●─────◌'
    expect_line 11 "2   ·─────·─────×─────·─────·"
    expect_line 14 "1   ·─────·─────•─────·─────·     promotion end"
    expect_line 18 "○ White man  ◎ White mullah  ● Black man  ◉ Black mullah  [ ] cursor"
    expect_line 19 "• path so far  × taken  ◌ may land"
    expect_line 22 "Capture again from c3: land on a3 or e3   Esc cancel   ? help"
    screen | grep -q '1\. c1' && fail "a move was played before the sequence was complete"
    keys Left Left Enter
    wait_for ' 1\. c1xc3xa3'
    wait_for 'Black to move'
    expect_line 8 "3  [○]────·─────·─────●─────·"
    # The taken pieces have left; the mark of the path is the last move's now.
    expect_line 11 "2   ·─────·─────·─────·─────·"
    expect_line 19 "○ last move"
}

e2e_computer_announced() {
    # The computer (White) takes two pieces: the message says which, until the next key.
    start_game --fen W:Wc1:Bc2,d3,b3,a5 --white ai:1 --time 0.2
    wait_for '^White plays c1xc3x(a3, taking c2 and b3|e3, taking c2 and d3)\.$' 10
    wait_for 'Black to move'
    expect_line 19 "○ last move"
    # The whole path in the last move's colours (white on blue-violet, 62): c1, c3 and the landing
    # point, the sample in the legend, and the move in the move list.
    n=$(screen_with_escapes | grep -o $'\e\\[48;5;62m' | wc -l); [ "$n" -eq 5 ] || fail "the path is not marked"
    keys f
    wait_gone '^White plays'
}

e2e_demonstration() {
    # The computer on both sides: each move announced, the key line says what the keys do.
    start_game --white ai:1 --black ai:1 --time 0.05
    wait_for '^\[ \] look back  f flip  s save  n new game  \? help  q quit$'
    wait_for '^(White|Black) plays [a-e][1-5][-x][a-e][1-5]' 10
    keys f
    wait_for '^    e     d     c     b     a$'
    keys q
    wait_for '^Quit\? .*\(y/n\)$|EXITED'
    keys y
    wait_for 'EXITED 0'
}

e2e_prompt_editing() {
    # The move prompt edits as a shell line does: Home and typing put the missing start in; Tab
    # completes the only legal move; Up brings back the move typed before.
    start_game --new
    wait_for 'to move'
    keys ':'
    wait_for '^Move: _'
    keys -l '2-c3'
    keys Home
    keys -l c
    wait_for '^Move: c2-c3$'
    keys Enter
    wait_for ' 1\. c2-c3'
    keys ':'
    wait_for '^Move: _'
    keys Tab
    wait_for '^Move: c4xc2_$'
    keys C-u
    wait_for '^Move: _$'
    keys Up
    wait_for '^Move: c2-c3_$'
    keys C-w
    keys -l c4
    keys Tab
    wait_for '^Move: c4xc2_$'
    keys Enter
    wait_for ' 1\. c2-c3 +c4xc2'
}

e2e_mouse() {
    # Clicks as a terminal reports them (xterm's X10 encoding: button, column + 33, row + 33).
    start_game
    wait_for 'White to move'
    keys -l $'\e[M 1,' $'\e[M#1,'  # press and release on c2 (row 11, column 16)
    wait_for '^3   ●─────●─────◌─────○─────○'
    keys -l $'\e[M 1)' $'\e[M#1)'  # on c3 (row 8)
    wait_for ' 1\. c2-c3'
}

e2e_refusal() {
    # A refused move says why: typed at the prompt (which stays open to correct it), and clicked.
    start_game
    wait_for 'White to move'
    keys ':'
    wait_for '^Move: _'
    keys -l e3-d4
    keys Enter
    wait_for "^e3-d4: the point d4 is taken$"
    expect_line 23 "Move: e3-d4_"
    keys Escape
    wait_gone '^Move: '
    keys -l $'\e[M 1,' $'\e[M#1,'  # c2 chosen with the mouse (row 11, column 16)
    wait_for '^3   ●─────●─────◌─────○─────○'
    keys -l $'\e[M 1&' $'\e[M#1&'  # c4 (row 5)
    wait_for '^A man steps one point, and c4 is not next to c2\.$'
    screen | grep -q ' 1\. ' && fail "a refused move was played"
    true
}

e2e_undo() {
    start_game
    wait_for 'White to move'
    keys Enter Up Enter
    wait_for ' 1\. c2-c3'
    keys Up Enter Down Down Enter
    wait_for ' 1\. c2-c3 +c4xc2'
    # Each said on the message line, for the other player at the keyboard to see.
    keys u
    wait_gone ' 1\. c2-c3 +c4xc2'
    wait_for '\(1 ply to redo\)'
    wait_for 'Black to move'
    expect_line 23 "Black took back c4xc2."
    keys u
    wait_gone ' 1\. c2-c3'
    wait_for '\(2 plies to redo\)'
    expect_line 23 "White took back c2-c3."
    keys r
    wait_for ' 1\. c2-c3'
    expect_line 23 "White played c2-c3 again."
    keys r
    wait_for ' 1\. c2-c3 +c4xc2'
    wait_gone 'to redo'
    expect_line 23 "Black played c4xc2 again."
}

e2e_help() {
    start_game --majority
    wait_for 'White to move'
    keys '?'
    wait_for 'Any key closes this page\.'
    screen | grep -q 'majority yes' || fail "rules in force not on the help page"
    screen | grep -q 'R  resign' || fail "keys not on the help page"
    keys x
    wait_gone 'Any key closes'
    wait_for 'White to move'
    kill_server
    # A timed game's help has one line more (p pauses): at 72x24 the draws go on a second page, which a
    # key turns to; the key after closes it. Taller, one page holds it all.
    start_game --new --clock 5
    wait_for 'White to move'
    $T resize-window -t e2e -x 72 -y 24
    keys '?'
    wait_for 'Page 1 of 2: any key turns the page, Esc or q closes it\.'
    screen | grep -q 'p  pause both clocks' || fail "the pause key is not on the help page"
    keys x
    wait_for 'Page 2 of 2: any key closes this page\.'
    screen | grep -q 'Draws: a position standing a third time' || fail "the draws are not on the help's second page"
    keys x
    wait_gone 'Page 2 of 2'
    wait_for 'White to move'
    $T resize-window -t e2e -x 80 -y 40
    keys '?'
    wait_for 'Any key closes this page\.'
    screen | grep -q 'Draws: a position standing a third time' || fail "the draws are not on the one page at 80x40"
    keys q
    wait_gone 'Any key closes'
    wait_for 'White to move'
}

e2e_quit() {
    start_shell
    keys "$BIN" Enter
    wait_for 'White to move'
    keys Enter Up Enter
    wait_for ' 1\. c2-c3'
    keys q
    wait_for 'Quit\? The game is saved: run fetaix to resume it\. \(y/n\)'
    keys n
    wait_for 'Black to move'
    keys q y
    wait_for 'prompt\$ ?$'
    keys 'stty -a | tr " " "\n" | grep -x -e icanon -e -icanon -e echo -e -echo | tr "\n" " "; echo' Enter
    wait_for '^icanon echo ?$'
}

e2e_signals() {
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
        kill_server
    done
}

e2e_bell() {
    # The bell rings when the computer has moved: set in the settings.
    bell_rings_after_the_computer settings
}

e2e_bell_flag() {
    # The bell rings when the computer has moved: set by --bell.
    bell_rings_after_the_computer --bell
}

# bell_rings_after_the_computer settings|--bell: the test of bell and bell_flag, the bell set either way.
bell_rings_after_the_computer() {
    if [ "$1" = settings ]; then
        settings $'bell = true\n'
        start_game --new --black ai:1 --time 0.05
    else
        start_game --new --black ai:1 --time 0.05 --bell
    fi
    $T set -g monitor-bell on
    wait_for 'White to move'
    [ "$(bell_flag)" = 0 ] || fail "the bell rang before any move"
    type_move c2-c3
    wait_for '^Black plays '
    wait_for_bell
}

e2e_bell_off() {
    # Without the setting, the computer's move rings no bell.
    start_game --new --black ai:1 --time 0.05
    $T set -g monitor-bell on
    wait_for 'White to move'
    type_move c2-c3
    wait_for '^Black plays '
    # A key read and answered after the move: any bell written before it has reached tmux by now.
    keys '?'
    wait_for 'Any key closes this page'
    # (The tests bell and bell_flag see the flag set in the same way: this 0 is no blind spot.)
    [ "$(bell_flag)" = 0 ] || fail "the bell rang without the setting"
}

e2e_idle() {
    # The loop waits on the keyboard and the other sources in one poll, with no timeout when nothing
    # needs one: a game left alone does not wake up at all (it used to every 250 ms), and a key still
    # comes through at once.
    start_game --new
    wait_for 'White to move'
    pid=$(pgrep -P "$($T display -p -t e2e '#{pane_pid}')" -x fetaix || $T display -p -t e2e '#{pane_pid}')
    switches() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$pid/status"; }
    type_move d3-c3
    before=$(switches)
    # Idleness is measured over a span of time: no event marks its end.
    sleep 1
    after=$(switches)
    [ "$((after - before))" -le 1 ] || fail "fetaix woke up $((after - before)) times in 1 s while idle"
    type_move b3xd3
    # Over the network too: a host and a joiner waiting for a move both sleep in their poll (a state
    # folder of their own: the game above holds this one's autosave).
    start_in host XDG_STATE_HOME="$STATE/net" "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black XDG_STATE_HOME="$STATE/net" "$BIN" join kitchen
    wait_in black 'waiting for'
    wait_in host 'joined'
    host_pid=$(fetaix_pid host) black_pid=$(fetaix_pid black)
    count() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$1/status"; }
    host_before=$(count "$host_pid") black_before=$(count "$black_pid")
    sleep 1
    host_woke=$(($(count "$host_pid") - host_before)) black_woke=$(($(count "$black_pid") - black_before))
    [ "$host_woke" -le 1 ] && [ "$black_woke" -le 1 ] ||
        fail "woke up while idle in 1 s: the host $host_woke times, the joiner $black_woke"
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
}

e2e_paste_long() {
    # A 90 KB paste into the move prompt: its first 4096 characters are kept (a move and spaces), the rest
    # dropped at once and counted (the old prompt said nothing and redrew for every character). The speed
    # is measured in docs/performance.md; the wait here only bounds a hang (sanitizers, a busy host).
    start_game --new
    wait_for 'White to move'
    keys :
    wait_for '^Move: _'
    { printf 'c2-c3'; head -c 4091 /dev/zero | tr '\0' ' '; head -c 88064 /dev/zero | tr '\0' x; } >"$STATE/paste"
    $T load-buffer "$STATE/paste"
    $T paste-buffer -t e2e
    wait_for '^The prompt holds at most 4096 characters: 88064 more were dropped\.$' 60
    keys Enter
    wait_for ' 1\. c2-c3'
    wait_for '^Black to move'
}

e2e_computer() {
    # The computer replies on its own; while level 8 thinks the screen keeps answering (help opens and
    # closes), and undo takes back its reply and the player's move together.
    # A middle game that no book of proven positions holds (every rule set's book has the answers to
    # White's first moves, so the computer would answer those at once).
    start_game --black ai:8 --time 1.5 --fen W:Wa1,b1,c1,d1,e1,a2,b2:Ba5,b5,c5,d5,e5,d4,e4
    wait_for 'Black \(computer, level 8\)'
    type_move b2-b3
    wait_for 'thinking: depth [0-9]+'
    keys '?'
    wait_for 'Any key closes this page'
    keys x
    wait_for ' 1\. b2-b3 +[a-e][1-5]-[a-e][1-5]' 10
    wait_for 'White to move'
    keys u
    wait_gone ' 1\. b2-b3'
    wait_for "^White took back b2-b3, and Black's reply [a-e][1-5]-[a-e][1-5] with it\.$"
    keys H
    wait_for 'Hint: [a-e][1-5][-x][a-e][1-5]' 5
}

e2e_screen_reader() {
    # The screen-reader mode on a terminal: plain lines as typed, no escape code drawn; Ctrl-D (the end
    # of input) leaves with the game saved, and the screen resumes it from the same autosave.
    start_game_sized 120 24 --screen-reader --white Ali
    wait_for '^White \(Ali\) to move\.$'
    keys -l 'c2-c3'
    keys Enter
    wait_for '^Black to move\.$'
    expect_lines 0 "fetaix, screen-reader mode." "Type a move, such as c2-c3." "Type help for the commands." \
        "White (Ali) against Black." \
        "Rule: backward captures no." "Rule: majority no." "Rule: promotion end." "Rule: no-progress draw after 50 plies." \
        "White (Ali) to move." "c2-c3" "White c2-c3" "Black to move."
    # Nothing but the text: no colour, no attribute, no cursor movement.
    screen_with_escapes | grep -q $'\e' && fail "escape codes in the screen-reader mode"
    keys C-d
    wait_for '^EXITED 0$'
    # Ctrl-D names the file the game is kept in.
    expect_lines 13 "The game is saved in $STATE/fetaix/autosave.pdn: run fetaix to resume it."
    kill_server
    start_game --resume
    wait_for ' 1\. c2-c3'
    wait_for 'Black to move'
}

e2e_clock_runs_out() {
    # A real three-second clock: White's first move is untimed and starts Black's clock, which the screen
    # counts down with no key pressed, in tenths, until Black loses on time; the record says so.
    start_game --clock 0:03
    wait_for 'White to move'
    expect_line 10 "    │   ╲ │ ╱   │   ╲ │ ╱   │     Clock  ○ 0:03.0   ● 0:03.0"
    type_move c2-c3
    wait_for 'Clock  ○ 0:03\.0  >● 0:02\.[0-9]'
    wait_for 'Clock  ○ 0:03\.0  >● 0:01\.[0-9]'
    wait_for '^Game over: White wins on time\.' 10
    expect_line 10 "    │   ╲ │ ╱   │   ╲ │ ╱   │     Clock  ○ 0:03.0   ● 0:00.0!"
    wait_for "Time is up for Black\."
    grep -q '^\[Termination "time forfeit"\]' "$STATE/fetaix/autosave.pdn" || fail "the autosave does not say time forfeit"
    grep -q '^1\. c2-c3 {\[%clock w0:00:03 B0:00:03\]} 1-0' "$STATE/fetaix/autosave.pdn" || fail "the move's clocks are not recorded"
}

e2e_tablebase_refused() {
    # A table that is a FIFO nobody writes to, then a folder: the hint says why at once, in
    # one message after the hint, and only the first time; the game plays on without the table, and
    # Ctrl-C (FIFO) or q (folder) ends it. The computer at level 8 says it after its move.
    export XDG_DATA_HOME=$STATE/data
    "$BIN" tablebase build --pieces 3 >/dev/null 2>"$STATE/build" || fail "tablebase build: $(cat "$STATE/build")"
    table="$XDG_DATA_HOME/fetaix/tablebases/backward-captures=no,promotion=end,majority=no/1m1k-0m1k.tb"
    # message: the message, the lines below the key line (joined as they were wrapped).
    message() { screen | sed '1,/^Enter select/d' | sed 's/ *$//' | grep . | paste -sd ' '; }
    for kind in fifo folder; do
        rm -rf "$table"
        if [ $kind = fifo ]; then
            mkfifo "$table"
            why="is not a regular file"
        else
            mkdir "$table"
            why="is a folder, not an endgame table"
        fi
        start_game --fen W:Wc1,Kc2:BKa5
        wait_for 'White to move'
        keys H
        wait_for 'Endgame table not used' 5
        [[ "$(message)" =~ ^Hint:\ [a-e][1-5]-[a-e][1-5]\ \([^\)]*\)\.\ Endgame\ table\ not\ used:\ /tmp/…/1m1k-0m1k\.tb\ $why\.$ ]] ||
            fail "$kind: the hint's message is '$(message)'"
        keys H
        wait_gone 'Endgame table not used'
        wait_for '^Hint: '
        [[ "$(message)" =~ ^Hint:\ [a-e][1-5]-[a-e][1-5]\ \([^\)]*\)$ ]] || fail "$kind: told again: '$(message)'"
        type_move c1-b2
        wait_for 'Black to move'
        if [ $kind = fifo ]; then
            keys C-c
        else
            keys q
            wait_for 'Quit\?'
            keys y
        fi
        wait_for '^EXITED 0$'
        kill_server
    done
    # The computer (level 8) with the table a folder: its move, then why the table is not used.
    start_game --fen W:Wc1,Kc2:BKa5 --white ai:8 --time 1
    wait_for 'Black to move' 10
    [[ "$(message)" =~ ^White\ plays\ [a-e][1-5]-[a-e][1-5]\.\ Endgame\ table\ not\ used:\ /tmp/…/1m1k-0m1k\.tb\ is\ a\ folder,\ not\ an\ endgame\ table\.$ ]] ||
        fail "the computer's move's message is '$(message)'"
    keys q
    wait_for 'Quit\?'
    keys y
    wait_for '^EXITED 0$'
}
