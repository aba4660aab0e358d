# The settings file (config.toml): broken, unknown and overridden entries, keys remapped, the theme,
# the players, ASCII and the clock taken from it.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_settings_ascii() {
    # ascii = true in the settings draws the game, and a replay, as --ascii does.
    settings $'ascii = true\n'
    start_game --new
    wait_for 'White to move'
    expect_line 2 "5   b-----b-----b-----b-----b"
    expect_line 11 "2   w-----w----[w]----w-----w"
    keys q
    wait_for 'EXITED 0'
    kill_server
    printf '1. d2-c3 *\n' >"$STATE/g.pdn"
    start_game replay "$STATE/g.pdn"
    wait_for 'Replay: start of the game'
    expect_line 2 "5   b-----b-----b-----b-----b      1. d2-c3"
}

e2e_settings_broken() {
    # A settings file with a syntax error: its message with line and column, and the game starts with
    # the defaults (the name from the file is not used); ? shows the whole text.
    settings $'[players]\nwhite = "Amina"\nblack = Zineb\n'
    start_game --new
    wait_for 'White to move'
    # The notice line shortens the path to its first folder and its name.
    local first=${CONFIG#/}
    first=${first%%/*}
    expect_lines 19 "settings: /$first/…/config.toml:3:9: text goes in quotes (name = \"Amina\") (Error" \
        "while parsing value: could not determine value type; the whole file is ignored)"
    expect_line 0 "fetaix   ○ White to move   ● Black"
    expect_start_board
    keys '?'
    wait_for 'Notices'
    expect_line 1 "     settings: $CONFIG/fetaix/config.toml:3:9: text goes in"
    expect_line 2 "     quotes (name = \"Amina\") (Error while parsing value: could not determine"
    expect_line 3 "     value type; the whole file is ignored)"
    # The first key (here ?) took it off the notice line: the legend is back in its rows for the rest
    # of the game (the autosave writes after each move), and ? still shows it whole.
    keys Escape
    wait_gone 'Notices'
    expect_line 18 "○ White man  ◎ White mullah  ● Black man  ◉ Black mullah  [ ] cursor"
    type_move c2-c3
    wait_for 'Black to move'
    screen | grep -q 'settings:' && fail "the settings notice came back after a move"
    expect_line 19 "● must capture  ○ last move"
    keys '?'
    wait_for 'Notices'
    expect_line 1 "     settings: $CONFIG/fetaix/config.toml:3:9: text goes in"
}

e2e_settings_keys() {
    # [keys] for a Dvorak keyboard (its d h t n where QWERTY has h j k l), the moves typed after ';', undo
    # on U: the keys act, the key line, the messages and the help page name them; a key given to two
    # actions is reported and left out.
    settings $'[keys]\ncursor-left = "d"\ncursor-down = "h"\ncursor-up = ["Up", "t"]\ncursor-right = "n"\ndraw = "D"\nnew-game = "N"\nmove = ";"\nundo = "U"\nhint = "s"\n'
    start_game --new
    wait_for 'White to move'
    expect_line 20 "settings: /tmp/…/config.toml:10:8: keys.hint: \"s\" is also save's key (ignored)"
    expect_line 22 "Enter select  ; move  U/r undo/redo  s/o save/open  ? help  q quit"
    # t moves the cursor up from c2 to c3, n right to d3, d left again, h down to c2.
    keys t
    wait_for '^3   ●─────●────\[·\]────○─────○$'
    keys n
    wait_for '^3   ●─────●─────·────\[○\]────○$'
    keys d h
    wait_for '^2   ○─────○────\[○\]────○─────○$'
    # The move prompt on ';'; ':' now does nothing, and says which key does.
    keys ':'
    wait_for "':' does nothing here: press ; to type a move, \\? for the keys\\."
    keys '\;'  # (escaped: tmux reads a lone ; as the end of its command)
    wait_for '^Move: _'
    keys -l c2-c3
    keys Enter
    wait_for 'Black to move'
    expect_line 2 "5   ●─────●─────●─────●─────●      1. c2-c3"
    # u is no longer undo; U is.
    keys u
    wait_for "'u' does nothing here"
    keys U
    wait_for '\(1 ply to redo\)'
    expect_line 8 "3   ●─────●─────·─────○─────○"
    # The help page lists the keys in force.
    keys '?'
    wait_for 'Any key closes this page|Page 1 of'
    screen | grep -qF 'Up/t h d n  cursor up, down, left, right' || fail "help: the cursor keys in force are not listed"
    screen | grep -qF ';  type a move   U  undo   r  redo' || fail "help: ; and U are not listed"
    screen | grep -qF 'N  new game' || fail "help: N is not listed for a new game"
    screen | grep -qF 'H  hint from the engine' || fail "help: the refused remap of hint shows"
}

e2e_settings_theme() {
    # theme = "light" in the settings draws the light theme (its ground is colour 255); --theme dark on
    # the command line wins over it (ground 234).
    settings $'theme = "light"\n'
    $T -u new-session -d -s e2e -x 80 -y 24 "env TERM=xterm-256color $BIN --new; sleep 30"
    wait_for 'White to move'
    screen_with_escapes | grep -qF $'\e[48;5;255m' || fail "the light theme's ground is not drawn"
    screen_with_escapes | grep -qF $'\e[48;5;234m' && fail "the dark theme's ground is drawn"
    kill_server
    $T -u new-session -d -s e2e -x 80 -y 24 "env TERM=xterm-256color $BIN --new --theme dark; sleep 30"
    wait_for 'White to move'
    screen_with_escapes | grep -qF $'\e[48;5;234m' || fail "--theme dark did not win over the settings"
    screen_with_escapes | grep -qF $'\e[48;5;255m' && fail "the light theme's ground is drawn under --theme dark"
    true
}

e2e_settings_unknown() {
    # An unknown key is reported; the rest of the file is used.
    settings $'colour = "light"\n[players]\nwhite = "Amina"\n'
    start_game --new
    wait_for 'White \(Amina\) to move'
    # (The path is shortened in the middle to fit the line: mktemp's folder has a name of fixed length.)
    expect_line 20 "settings: /tmp/…/fetaix/config.toml:1:1: unknown key 'colour' (ignored)"
    expect_start_board
}

e2e_settings_players() {
    # The players' names and auto-flip from the settings change the screen.
    settings $'auto-flip = true\n[players]\nwhite = "Amina"\nblack = "Zineb"\n'
    start_game --new
    wait_for 'White \(Amina\) to move'
    expect_line 0 "fetaix   ○ White (Amina) to move   ● Black (Zineb)"
    expect_start_board
    type_move c2-c3
    wait_for 'Black \(Zineb\) to move'
    # Turned for Black: the files read backwards.
    expect_line 16 "    e     d     c     b     a"
}

e2e_settings_override() {
    # The command line wins over the settings: a name, and one rule switch of two.
    settings $'[players]\nwhite = "Amina"\nblack = "Zineb"\n[rules]\nmajority = true\nno-progress = 20\n'
    start_game --new --black Ali --no-progress 7
    wait_for 'White \(Amina\) to move'
    expect_line 0 "fetaix   ○ White (Amina) to move   ● Black (Ali)"
    expect_line 13 "    │ ╱   │   ╲ │ ╱   │   ╲ │     backward captures no, majority yes"
    expect_line 15 "                                  no-progress draw after 7 plies"
}

e2e_settings_clock() {
    # The settings' clock times a new game; --clock on the command line wins over it.
    settings $'clock = "2+1"\n'
    start_game
    wait_for 'Clock  ○ 2:00   ● 2:00'
    kill_server
    start_game --clock 0:10
    wait_for 'Clock  ○ 0:10   ● 0:10'
}
