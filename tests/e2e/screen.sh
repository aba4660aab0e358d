# The screen: the board at every size, turned, resized, too small, redrawn; ASCII, colours, themes,
# terminal types and their keys; a notice wider than the screen.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_board_72x24() {
    # The smallest screen: the board as it always was, the turn in a banner at the top in the colour
    # of the side's pieces (dark theme: black on white for White, black on amber for Black) and again
    # in the status, and clicks on the points.
    start_game_sized 72 24 --white Ali --black Zineb
    wait_for 'White \(Ali\) to move \|'
    expect_line 0 "fetaix   ○ White (Ali) to move   ● Black (Zineb)"
    expect_start_board
    expect_line 16 "    a     b     c     d     e"
    # The banner: black (16) on white (231) from the space before ○ to the space after "move".
    screen_with_escapes | sed -n 1p | grep -qF $'fetaix  \e[0m\e[38;5;16m\e[48;5;231m ○ White (Ali) to move \e[1m\e[39m\e[49m' ||
        fail "no black-on-white banner for White: $(screen_with_escapes | sed -n 1p | cat -v)"
    screen_with_escapes | sed -n 22p | grep -qF $'\e[38;5;16m\e[48;5;231mWhite (Ali) to move\e[1m\e[39m\e[49m |' ||
        fail "the status does not show White's turn in its colours: $(screen_with_escapes | sed -n 22p | cat -v)"
    click 11 16  # c2
    wait_for '^3   ●─────●─────◌─────○─────○'
    click 8 17   # c3, on the right of its point
    wait_for ' 1\. c2-c3'
    wait_for 'Black \(Zineb\) to move - capture compulsory'
    expect_line 0 "fetaix   ○ White (Ali)   ● Black (Zineb) to move"
    screen_with_escapes | sed -n 1p | grep -qF $'\e[38;5;16m\e[48;5;214m ● Black (Zineb) to move' ||
        fail "no black-on-amber banner for Black: $(screen_with_escapes | sed -n 1p | cat -v)"
}

e2e_board_120x40() {
    # At 120x40 the board fills the height: ranks 7 rows apart, files 14 columns apart, so the lattice
    # stays square and each diagonal steps one row down for two columns across, meeting the next point.
    start_game_sized 120 40
    wait_for 'White to move \|'
    expect_lines 2 \
        "5   ●─────────────●─────────────●─────────────●─────────────●" \
        "    │ ╲           │           ╱ │ ╲           │           ╱ │" \
        "    │   ╲         │         ╱   │   ╲         │         ╱   │" \
        "    │     ╲       │       ╱     │     ╲       │       ╱     │" \
        "    │       ╲     │     ╱       │       ╲     │     ╱       │" \
        "    │         ╲   │   ╱         │         ╲   │   ╱         │" \
        "    │           ╲ │ ╱           │           ╲ │ ╱           │" \
        "4   ●─────────────●─────────────●─────────────●─────────────●"
    expect_line 16 "3   ●─────────────●─────────────·─────────────○─────────────○"
    expect_line 23 "2   ○─────────────○────────────[○]────────────○─────────────○"
    expect_lines 28 \
        "    │   ╱         │         ╲   │   ╱         │         ╲   │     Rules" \
        "    │ ╱           │           ╲ │ ╱           │           ╲ │     backward captures no, majority no" \
        "1   ○─────────────○─────────────○─────────────○─────────────○     promotion end" \
        "                                                                  no-progress draw after 50 plies" \
        "    a             b             c             d             e"
    expect_line 34 "○ White man  ◎ White mullah  ● Black man  ◉ Black mullah  [ ] cursor"
    expect_line 37 "White to move | White 12, Black 12"
    # Clicks land on the points of the larger board, also a row and two columns beside one.
    click 23 32  # c2
    wait_for '^3   ●─────────────●─────────────◌─────────────○─────────────○'
    click 17 34  # beside c3
    wait_for ' 1\. c2-c3'
    wait_for 'Black to move - capture compulsory'
    expect_line 16 "3   ●─────────────●────────────[○]────────────○─────────────○"
    expect_line 23 "2   ○─────────────○─────────────·─────────────○─────────────○"
}

e2e_board_200x60() {
    # At 200x60: ranks 12 rows apart, files 24 columns apart; growing and shrinking the window redraws
    # the board at the size that fits, and clicks follow it.
    start_game_sized 200 60
    wait_for 'White to move \|'
    expect_lines 2 \
        "5   ●───────────────────────●───────────────────────●───────────────────────●───────────────────────●" \
        "    │ ╲                     │                     ╱ │ ╲                     │                     ╱ │" \
        "    │   ╲                   │                   ╱   │   ╲                   │                   ╱   │" \
        "    │     ╲                 │                 ╱     │     ╲                 │                 ╱     │" \
        "    │       ╲               │               ╱       │       ╲               │               ╱       │" \
        "    │         ╲             │             ╱         │         ╲             │             ╱         │" \
        "    │           ╲           │           ╱           │           ╲           │           ╱           │" \
        "    │             ╲         │         ╱             │             ╲         │         ╱             │" \
        "    │               ╲       │       ╱               │               ╲       │       ╱               │" \
        "    │                 ╲     │     ╱                 │                 ╲     │     ╱                 │" \
        "    │                   ╲   │   ╱                   │                   ╲   │   ╱                   │" \
        "    │                     ╲ │ ╱                     │                     ╲ │ ╱                     │" \
        "4   ●───────────────────────●───────────────────────●───────────────────────●───────────────────────●"
    expect_line 26 "3   ●───────────────────────●───────────────────────·───────────────────────○───────────────────────○"
    expect_line 38 "2   ○───────────────────────○──────────────────────[○]──────────────────────○───────────────────────○"
    expect_line 50 "1   ○───────────────────────○───────────────────────○───────────────────────○───────────────────────○     promotion end"
    expect_line 52 "    a                       b                       c                       d                       e"
    expect_line 57 "White to move | White 12, Black 12"
    click 38 52  # c2
    wait_for '^3   ●───────────────────────●───────────────────────◌'
    click 29 57  # three rows below and five columns right of c3
    wait_for ' 1\. c2-c3'
    wait_for 'Black to move - capture compulsory'
    # Smaller: the board of the smallest size, the game as it was.
    $T resize-window -t e2e -x 72 -y 24
    wait_for '^3   ●─────●────\[○\]────○─────○'
    expect_line 0 "fetaix   ○ White   ● Black to move"
    expect_line 2 "5   ●─────●─────●─────●─────●      1. c2-c3"
    click 5 16   # c4 on the small board: it must take c3, landing on c2
    wait_for '^2   ○─────○─────◌─────○─────○'
    # Larger again: the selection stays, and a click on the large board's c2 completes the capture.
    $T resize-window -t e2e -x 200 -y 60
    wait_for '^2   ○───────────────────────○───────────────────────◌'
    click 38 52
    wait_for ' 1\. c2-c3 +c4xc2'
    wait_for '^White to move - capture compulsory \| White 11, Black 12$'
}

e2e_turned() {
    # A person playing Black against the computer sees the board from Black's side: rank 1 on top,
    # file e on the left.
    start_game --black Zineb --white ai:1 --time 0.1
    wait_for ' 1\. [a-e][1-5]-[a-e][1-5]' 10
    wait_for 'Black \(Zineb\) to move'
    expect_line 0 "fetaix   ○ White (computer, level 1)   ● Black (Zineb) to move"
    screen | sed -n 3p | grep -q '^1   ○─────○' || fail "rank 1 is not on top"
    screen | sed -n 15p | grep -q '^5   ●─────●─────●─────●─────●' || fail "rank 5 is not at the bottom"
    expect_line 11 "4   ●─────●────[●]────●─────●"  # the cursor on c4, in front of the person
    expect_line 16 "    e     d     c     b     a"
    # f turns it back.
    keys f
    wait_for '^    a     b     c     d     e'
    screen | sed -n 3p | grep -q '^5   ●─────●' || fail "f did not turn the board back"
}

e2e_resize() {
    start_game
    wait_for 'White to move'
    $T resize-window -t e2e -x 40 -y 12
    wait_for 'Terminal too small'
    wait_for '40x12; fetaix needs 72x24'
    $T resize-window -t e2e -x 80 -y 24
    wait_for 'White to move'
    expect_start_board
}

e2e_too_small() {
    # At 60x20 the board is hidden: keys that would play, undo, ask or open something do nothing; q still
    # asks (on the small screen), and at 80x24 again the game is exactly as it was.
    start_game
    wait_for 'White to move'
    type_move c2-c3
    wait_for 'Black to move'
    before=$(screen)
    $T resize-window -t e2e -x 60 -y 20
    wait_for '60x20; fetaix needs 72x24'
    keys Enter Up Left Enter Down Right Enter ':' d3-c3 Enter u r n y R d f a s o H '?' Escape BSpace
    keys q
    wait_for 'Quit\? The game is saved'
    keys n
    wait_gone 'Quit\?'
    $T resize-window -t e2e -x 80 -y 24
    wait_for 'Black to move'
    [ "$(screen)" = "$before" ] || fail "the screen changed while the terminal was too small: was
$before"
}

e2e_too_small_waits() {
    # A local game hidden by a small terminal waits: the clocks stop (Black's three seconds outlast four
    # seconds hidden) and a demonstration plays no move until the screen can show it.
    start_game --clock 0:03
    wait_for 'White to move'
    type_move c2-c3
    wait_for '>● 0:02\.'
    $T resize-window -t e2e -x 60 -y 20
    wait_for '60x20; fetaix needs 72x24'
    sleep 4    # time that must pass unseen: the clock must not run out meanwhile
    $T resize-window -t e2e -x 80 -y 24
    wait_for 'Black to move'
    screen | grep -q 'Game over' && fail "Black lost on time while the game was hidden"
    screen | grep -q 'Clock  ○ 0:03\.0  >● 0:0[12]\.[0-9]' || fail "Black's clock ran while hidden: $(screen | grep Clock)"
    kill_server
    rm -f "$STATE/fetaix/autosave.pdn"
    start_game_sized 60 20 --white ai:1 --black ai:1
    wait_for '60x20; fetaix needs 72x24'
    sleep 2    # time for moves that must not be played unseen
    ! grep -q '^1\.' "$STATE/fetaix/autosave.pdn" 2>/dev/null || fail "the computers played while hidden"
    $T resize-window -t e2e -x 80 -y 24
    wait_for ' 1\. [a-e][1-5]'
}

e2e_fit() {
    # Nothing is cut at the right edge: the key line at the narrowest screen, and the draw question
    # naming a 38-character name, whole on two lines at 80 and at 72 columns.
    name=Maximilian-Bartholomew-Fitzgerald-Ouaz
    start_game --black "$name"
    wait_for 'White to move'
    $T resize-window -t e2e -x 72 -y 24
    wait_for "^White to move"
    expect_line 22 "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit"
    keys d
    wait_for 'accept'
    expect_line 21 "White offers a draw. Black ($name),"
    expect_line 22 "accept? (y/n)"
    $T resize-window -t e2e -x 80 -y 24
    wait_for "accept\\?$"
    expect_line 21 "White offers a draw. Black ($name), accept?"
    expect_line 22 "(y/n)"
    expect_line 20 "White to move | White 12, Black 12"
}

e2e_ctrl_l() {
    # Another program writes over the screen (a wall message over SSH): Ctrl-L paints every cell again,
    # on the board and with the move prompt open.
    start_game
    wait_for 'White to move'
    tty=$($T display -p -t e2e '#{pane_tty}')
    for state in board prompt; do
        if [ "$state" = prompt ]; then
            keys ':'
            wait_for '^Move: _'
        fi
        before=$(screen)
        printf '\033[H\033[2JBroadcast message from root: GARBAGE\r\n\r\n   GARBAGE\033[20;40HGARBAGE' >"$tty"
        wait_for 'GARBAGE'
        keys C-l
        wait_gone 'GARBAGE'
        [ "$(screen)" = "$before" ] || fail "($state) the screen after Ctrl-L differs from before: was
$before"
    done
    expect_start_board
    expect_line 23 "Move: _"
}

e2e_ascii() {
    start_game --ascii
    wait_for 'White to move'
    expect_line 2 "5   b-----b-----b-----b-----b"
    expect_line 3 "    | \\   |   / | \\   |   / |"
    expect_line 11 "2   w-----w----[w]----w-----w"
}

e2e_no_color() {
    $T -u new-session -d -s e2e -x 80 -y 24 "env NO_COLOR=1 $BIN; sleep 30"
    wait_for 'White to move'
    expect_start_board
    # No colour escapes at all: only bold, underline and reverse video.
    if screen_with_escapes | grep -qE $'\e\\[(3[0-7]|4[0-7]|38;|48;)'; then fail "colour codes with NO_COLOR set"; fi
    screen_with_escapes | grep -qE $'\e\\[1m' || fail "no bold at all"
    # The side to move stands out in reverse video, at the top and in the status.
    screen_with_escapes | sed -n 1p | grep -qF $'fetaix  \e[7m ○ White to move \e[0;1m' ||
        fail "no reverse-video banner: $(screen_with_escapes | sed -n 1p | cat -v)"
    screen_with_escapes | sed -n 22p | grep -qF $'\e[1;7mWhite to move\e[0;1m' ||
        fail "the status's turn is not in reverse video: $(screen_with_escapes | sed -n 22p | cat -v)"
}

e2e_themes() {
    # The escape codes of the board at each depth, as tmux re-renders them (capture-pane -e).
    # game ENV... -- ARGS...: a fresh game with that environment.
    games=0
    game() {
        local env=()
        while [ "$1" != -- ]; do env+=("$1"); shift; done
        shift
        # A tmux server of its own for each game: a new session on a server still shutting down fails.
        $T kill-server >/dev/null 2>&1 || true
        games=$((games + 1))
        T="tmux -L $SOCKET-$games -f /dev/null"
        $T -u new-session -d -s e2e -x 80 -y 24 "env ${env[*]} $BIN --new $*; sleep 30"
        wait_for 'White to move'
    }
    has() { screen_with_escapes | sed -n "$1p" | grep -qF -- "$2" || fail "line $1 lacks $(printf %s "$2" | cat -v): $(screen_with_escapes | sed -n "$1p" | cat -v)"; }
    eight=$'\e\\[(3[0-7]|4[0-7])m' palette=$'\e\\[(38|48);5;' direct=$'\e\\[(38|48);2;'
    # 256 colours: the dark theme's lines (35) on its ground (234), Black's men amber (214), bold.
    game TERM=xterm-256color -- 
    has 3 $'5 \e[38;5;35m\e[48;5;234m  \e[1m\e[38;5;214m●'
    has 12 $'\e[1m\e[38;5;51m[\e[38;5;231m○\e[38;5;51m]'
    if screen_with_escapes | grep -qE "$eight"; then fail "8-colour codes at 256 colours"; fi
    # COLORTERM=truecolor on a 256-colour terminfo entry: the same 256 colours (no direct-colour entry).
    game TERM=xterm-256color COLORTERM=truecolor --
    has 3 $'5 \e[38;5;35m\e[48;5;234m  \e[1m\e[38;5;214m●'
    if screen_with_escapes | grep -qE "$direct"; then fail "24-bit codes through a 256-colour entry"; fi
    # True colour: announced, through a direct-colour terminfo entry (none is installed here, so the
    # test writes one: xterm-256color with 24-bit setaf/setab, as xterm-direct has).
    command -v tic >/dev/null || fail "tic (ncurses-bin) is needed to write the direct-colour entry"
    printf '%s\n' 'fetaix-direct|xterm-256color with direct colour,' \
        '	colors#0x1000000, pairs#0x10000, RGB,' \
        '	setaf=\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,' \
        '	setab=\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,' \
        '	use=xterm-256color,' >"$STATE/direct.src"
    tic -x -o "$STATE/terminfo" "$STATE/direct.src" || fail "tic refused the direct-colour entry"
    game TERMINFO="$STATE/terminfo" TERM=fetaix-direct COLORTERM=truecolor --
    has 3 $'5 \e[38;2;0;175;95m\e[48;2;28;28;28m  \e[1m\e[38;2;255;175;0m●'
    # Black is #010101, never the palette's colour 0.
    has 1 $'\e[38;2;1;1;1m\e[48;2;255;255;255m ○ White to move'
    if screen_with_escapes | grep -qE "$palette"; then fail "256-colour codes in true colour"; fi
    # The same entry without COLORTERM: 8 colours, the only numbers it does not read as RGB.
    game TERMINFO="$STATE/terminfo" TERM=fetaix-direct --
    has 3 $'5 \e[32m\e[40m  \e[1m\e[33m●'
    if screen_with_escapes | grep -qE "$palette|$direct"; then fail "256 or 24-bit codes without COLORTERM"; fi
    # 8 colours (TERM=xterm): green lines on black, Black's men yellow, the cursor cyan.
    game TERM=xterm --
    has 3 $'5 \e[32m\e[40m  \e[1m\e[33m●'
    has 12 $'\e[1m\e[36m[\e[37m○\e[36m]'
    if screen_with_escapes | grep -qE "$palette|$direct"; then fail "256-colour codes at 8 colours"; fi
    # --theme light: blue-grey lines (60) on a light ground (255), Black's men black (16), not bold.
    game TERM=xterm-256color -- --theme light
    has 3 $'5 \e[38;5;60m\e[48;5;255m  \e[38;5;16m●'
    has 12 $'\e[38;5;124m[\e[38;5;19m○\e[38;5;124m]'
    game TERM=xterm -- --theme light
    has 3 $'5 \e[34m\e[47m  \e[30m●'
    # A mullah is underlined as well as drawn with its own glyph; a man is not.
    game TERM=xterm-256color -- --fen W:WKa1,b1:BKe5,d5
    has 15 $'1 \e[38;5;35m\e[48;5;234m  \e[1;4m\e[38;5;231m◎\e[0m\e[38;5;35m\e[48;5;234m─────\e[1m\e[38;5;231m○'
    # NO_COLOR wins over any theme; --theme mono draws no colour either.
    for env in "NO_COLOR=1 TERM=xterm-256color -- --theme light" "TERM=xterm-256color -- --theme mono"; do
        # shellcheck disable=SC2086
        game $env
        if screen_with_escapes | grep -qE "$eight|$palette|$direct"; then fail "colour codes with $env"; fi
    done
}

e2e_color() {
    start_game
    wait_for 'White to move'
    # The board sets its own background, so it reads the same on dark and light terminals.
    screen_with_escapes | grep -qE $'\e\\[(4[0-7]|48;5;[0-9]+)m' || fail "no board background colour"
}

e2e_terms() {
    for term in xterm-256color screen-256color linux vt100; do
        $T -u new-session -d -s e2e -x 80 -y 24 "env TERM=$term $BIN; sleep 30"
        wait_for 'White to move'
        expect_start_board
        keys q
        kill_server
    done
}

e2e_home_end_terms() {
    # Home and End looking back, PgUp and PgDn on the board, under each common TERM inside tmux: as tmux
    # sends them (ESC [1~ and ESC [4~, whatever TERM says) and as other terminals do (xterm's ESC [H and
    # ESC OH, rxvt's ESC [7~), named by TERM's description or not. Found by a newcomer: under
    # TERM=xterm-256color in tmux, Home left the view and then said "'~' does nothing here".
    press() { if [[ "$1" == $'\e'* ]]; then keys -l "$1"; else keys "$1"; fi; }
    for term in xterm xterm-256color screen screen-256color tmux-256color; do
        echo "TERM=$term" >&2
        $T -u new-session -d -s e2e -x 80 -y 24 "env TERM=$term $BIN --new; sleep 30"
        wait_for 'White to move'
        type_move c2-c3
        type_move c4xc2
        for pair in "Home End" $'\e[1~ \e[4~' $'\e[H \e[F' $'\eOH \eOF' $'\e[7~ \e[8~'; do
            read -r home end <<<"$pair"
            keys [
            wait_for '^Viewing after 1\. c2-c3 -- '
            press "$home"
            wait_for '^Viewing the start -- '
            press "$end"
            wait_for '^Back to the game\.'
        done
        # The cursor goes from b2 up-right to c3, then down-right to d2.
        for pair in "PPage NPage" $'\e[5~ \e[6~'; do
            read -r up down <<<"$pair"
            keys Left
            wait_for '^2   ○────\[○\]────●─────○─────○'
            press "$up"
            wait_for '^3   ●─────●────\[·\]────○─────○'
            press "$down"
            wait_for '^2   ○─────○─────●────\[○\]────○'
            keys Left
            wait_for '^2   ○─────○────\[●\]────○─────○'
        done
        screen | grep -q 'does nothing here' && fail "$term: a key's sequence was read as several keys"
        kill_server
    done
}

e2e_long_notice() {
    # A long state folder under a file: the autosave fails with a notice longer than the screen is
    # wide. At 72x24 and 80x24 the reason stays in view, the path is shortened in the middle, the
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
    $T -u new-session -d -s e2e -x 72 -y 24 "env XDG_STATE_HOME=$deep/file/state $BIN; sleep 30"
    for size in 72x24 80x24; do
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
        # The page (78 columns, or the screen's width if less) is centred, its text 4 columns in; joined, its
        # Notices lines hold the whole text.
        width=$((columns < 78 ? columns : 78))
        left=$(((columns - width) / 2 + 4))
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
}
