# The autosave and the history: resuming a game, what is offered and what not, a second fetaix beside
# a running game, the history of games, and every way the state folder can fail (lock, folder deleted,
# broken file, read-only, disk full).
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_resume() {
    # A dropped connection: the tmux server is killed mid-game (fetaix gets SIGHUP); nothing is lost.
    start_game --white Ali
    wait_for 'White \(Ali\) to move'
    for m in d2-c3 b4xd2 e1xc3; do type_move "$m"; done
    keys u
    wait_for '\(1 ply to redo\)'
    kill_server
    start_game
    wait_for 'Resume the unfinished game \(1 move\)\? \(y/n\)'
    # The saved game is on the board while asking: b4 and c3 empty, a Black man on d2.
    expect_line 5 "4   ●─────·─────●─────●─────●"
    expect_line 8 "3   ●─────●─────·─────○─────○"
    expect_line 11 "2   ○─────○────[○]────●─────○"
    expect_line 3 "    │ ╲   │   ╱ │ ╲   │   ╱ │     (1 ply to redo)"
    keys y
    wait_for 'Game resumed\.'
    wait_for ' 1\. d2-c3 +b4xd2'
    wait_for '\(1 ply to redo\)'
    expect_line 0 "fetaix   ○ White (Ali) to move   ● Black"
    keys r
    wait_for ' 2\. e1xc3'
    # The next start can resume without asking, or start afresh.
    kill_server
    start_game --resume
    wait_for ' 2\. e1xc3'
    kill_server
    start_game --new
    wait_for 'White to move'
    screen | grep -q 'Resume' && fail "--new asked to resume"
    screen | grep -q 'e1xc3' && fail "--new shows the old game"
}

e2e_finished_not_offered() {
    start_game --fen W:Wb3:Bc3
    wait_for 'White to move'
    type_move b3xd3
    wait_for 'Game over'
    kill_server
    start_game
    wait_for 'White to move'
    # Not offered because it is finished, not because the first fetaix still held the autosave.
    screen | grep -q 'another fetaix' && fail "the first fetaix still owned the autosave"
    screen | grep -q 'Resume' && fail "a finished game was offered"
    true
}

e2e_autosave_failing() {
    # The state folder cannot be made (its parent is a file): the game goes on and says so.
    touch "$STATE/file"
    $T -u new-session -d -s e2e -x 80 -y 24 "env XDG_STATE_HOME=$STATE/file $BIN; sleep 30"
    wait_for 'autosave failing: cannot create: Not a directory:( |$)'
    type_move c2-c3
    wait_for 'Black to move - capture compulsory'
    wait_for 'autosave failing'
    # Retried after the next move: once the folder can be made, the failure notice goes.
    rm "$STATE/file"
    type_move c4xc2
    wait_gone 'autosave failing'
    [ -s "$STATE/file/fetaix/autosave.pdn" ] || fail "no autosave after the folder came back"
    grep -q '1. c2-c3 c4xc2' "$STATE/file/fetaix/autosave.pdn" || fail "autosave lacks the moves"
}

e2e_second_instance() {
    # A second plain fetaix beside a running game asks what to do; n plays a separate game that never
    # writes the autosave, q quits without starting, and --new starts a separate game without asking.
    start_game
    wait_for 'White to move'
    type_move c2-c3
    $T new-window -t e2e "$BIN; echo EXITED \$?; sleep 30"
    wait_for '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys -t e2e:1 n Enter
    wait_for 'autosave off: another fetaix is running'
    type_move d2-c3
    # The first instance's autosave is untouched by the second.
    grep -q '1. c2-c3 \*' "$XDG_STATE_HOME/fetaix/autosave.pdn" || fail "the second fetaix wrote the autosave"
    $T kill-window -t e2e:1
    $T new-window -t e2e "$BIN; echo EXITED \$?; sleep 30"
    wait_for '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys -t e2e:1 q Enter
    wait_for '^EXITED 0$'
    $T kill-window -t e2e:1
    $T new-window -t e2e "$BIN --new; echo EXITED \$?; sleep 30"
    wait_for 'autosave off: another fetaix is running'
    screen | grep -q 'Your choice' && fail "--new asked"
    grep -q '1. c2-c3 \*' "$XDG_STATE_HOME/fetaix/autosave.pdn" || fail "the second fetaix wrote the autosave"
}

e2e_second_instance_token_fifo() {
    # A seat token file that is a FIFO nobody writes to: a second fetaix beside a game whose
    # seats are both held reads it without waiting, and asks what to do.
    start_game --black ai:1
    wait_for 'White to move'
    pid=$(pgrep -P "$($T display-message -p -t e2e '#{pane_pid}')" -f "$BIN" || true)
    [ -n "$pid" ] || fail "cannot find the fetaix process"
    mkdir -p "$XDG_STATE_HOME/fetaix/seats"
    mkfifo "$XDG_STATE_HOME/fetaix/seats/local-$pid.token"
    $T new-window -t e2e "$BIN; echo EXITED \$?; sleep 30"
    wait_for '^Your choice \(w, t, n or q\), then Enter:$'
    keys -t e2e:1 q Enter
    wait_for '^EXITED 0$'
}

e2e_offered_once() {
    # A saved game not resumed goes to the history and is offered no more: neither after --new and q
    # with no move, nor after n to the question; --resume then finds no unfinished game.
    start_game --white Ali
    type_move c2-c3
    kill_server
    start_game --new
    wait_for '^The unfinished game \(1 move\) is kept in the game history \(fetaix games lists'
    keys q
    wait_for '^EXITED 0$'
    kill_server
    start_game
    wait_for 'White to move'
    screen | grep -q 'Resume' && fail "the game kept in the history was offered again"
    [ "$("$BIN" games | grep -c 'Ali - Black  unfinished  1 move')" = 1 ] || fail "not kept once: $("$BIN" games)"
    type_move d2-c3
    kill_server
    start_game
    wait_for '^Resume the unfinished game \(1 move\)\? \(y/n\)'
    keys n
    wait_for '^The unfinished game \(1 move\) is kept in the game history'
    keys q
    wait_for '^EXITED 0$'
    kill_server
    start_game --resume
    wait_for 'White to move'
    screen | grep -qE "c2-c3|d2-c3" && fail "--resume brought back a game kept in the history"
    [ "$("$BIN" games | grep -c 'unfinished  1 move')" = 2 ] || fail "not kept once each: $("$BIN" games)"
    true
}

e2e_resume_computer() {
    # The computer's side is in the autosave: after a dropped connection and --resume it still answers.
    start_game --new --black ai:2
    wait_for 'Black \(computer, level 2\)'
    type_move c2-c3
    wait_for ' 1\. c2-c3 +c4xc2' 10
    wait_for 'White to move'
    kill_server
    grep -q '^\[BlackType "program"\]$' "$STATE/fetaix/autosave.pdn" || fail "the autosave does not say who played"
    start_game --resume
    wait_for ' 1\. c2-c3 +c4xc2'
    expect_line 0 "fetaix   ○ White to move   ● Black (computer, level 2)"
    type_move c1xc3
    wait_for ' 2\. c1xc3 +[a-e][1-5][-x][a-e][1-5]' 10
    wait_for 'White to move'
    # The command line wins over the record, and says so.
    kill_server
    start_game --resume --white Amina
    wait_for '^From the command line: White Amina \(recorded: White\)\.$'
    expect_line 0 "fetaix   ○ White (Amina) to move   ● Black (computer, level 2)"
}

e2e_history_failing() {
    # The state folder cannot be made (its parent is a file): abandoning a game says why and asks again.
    touch "$STATE/file"
    $T -u new-session -d -s e2e -x 80 -y 24 "env XDG_STATE_HOME=$STATE/file $BIN; sleep 30"
    wait_for 'White to move'
    type_move c2-c3
    keys n
    wait_for '^Abandon this game and start a new one\? \(y/n\)'
    keys y
    wait_for '^The game cannot be kept in the history\. Abandon it anyway\? \(y/n\)'
    # (the reason is cut at the screen's width; the help shows a long notice whole)
    wait_for '^Not kept in the game history: cannot create /'
    keys n
    wait_for '^The game goes on\.'
    wait_for ' 1\. c2-c3$'
    keys n y y
    wait_for '^New game\.'
    wait_gone ' 1\. c2-c3'
}

e2e_history() {
    # A finished game is kept once (not again when then abandoned); a saved game set aside by --new is kept.
    start_game --fen W:Wb3:Bc3 --white Ali
    type_move b3xd3
    wait_for 'Game over'
    keys n
    wait_for 'New game\.'
    out=$("$BIN" games)
    echo "$out" | grep -qE '^#1  .*  Ali - Black  1-0 \(all pieces captured\)  1 move  ' || fail "fetaix games printed: $out"
    [ "$(echo "$out" | wc -l)" -eq 1 ] || fail "kept more than once: $out"
    kill_server
    start_game --white Ali
    wait_for 'White \(Ali\) to move'
    type_move c2-c3
    kill_server
    start_game --new
    wait_for 'White to move'
    out=$("$BIN" games)
    echo "$out" | grep -qE '^#1  .*  Ali - Black  unfinished  1 move  ' || fail "--new lost the saved game: $out"
    echo "$out" | grep -qE '^#2  .*  1-0 ' || fail "fetaix games printed: $out"
    # Kept in the history, it is not offered again (the autosave holds the new game), nor kept twice.
    kill_server
    start_game
    wait_for 'White to move'
    screen | grep -q 'Resume the unfinished game' && fail "the game set aside by --new was offered again"
    kill_server
    out=$("$BIN" games)
    [ "$(echo "$out" | wc -l)" -eq 2 ] || fail "the set-aside game was kept again: $out"
}

e2e_quit_unsaved() {
    # A separate game beside another fetaix is not autosaved: quitting keeps it in the history.
    start_game
    wait_for 'White to move'
    type_move c2-c3
    $T new-window -t e2e "$BIN; sleep 30"
    wait_for '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys -t e2e:1 n Enter
    wait_for 'autosave off'
    type_move d2-c3
    keys q
    wait_for 'Quit\? Not autosaved: it goes to the game history \(o #1 opens it\)\. \(y/n\)'
    keys y
    wait_gone 'autosave off'
    out=$("$BIN" games)
    echo "$out" | grep -qE '^#1  .*  White - Black  unfinished  1 move  ' || fail "the unsaved game was lost: $out"
    grep -q '^1. d2-c3 \*' "$(echo "$out" | awk '/^#1 /{print $NF}')" || fail "the kept game is not the one played"
    # The first fetaix's game, in the autosave and not in the history, is listed as such.
    echo "$out" | grep -qxF 'Unfinished, in the autosave: White - Black  1 move  (fetaix resumes it)' ||
        fail "the autosaved game is not listed: $out"
}

e2e_autosave_failing_elsewhere() {
    # Failing first, then another fetaix owns the autosave: this one keeps saying its moves are not saved.
    touch "$STATE/file"
    $T -u new-session -d -s e2e -x 80 -y 24 "env XDG_STATE_HOME=$STATE/file $BIN; sleep 30"
    wait_for 'autosave failing: cannot create'
    rm "$STATE/file"
    $T new-window -t e2e "env XDG_STATE_HOME=$STATE/file $BIN; sleep 30"
    wait_for 'White to move'
    type_move d2-c3
    $T select-window -t e2e:0
    type_move c2-c3
    wait_for 'autosave off: another fetaix holds the lock:( |$)'
    type_move c4xc2
    wait_for 'autosave off: another fetaix holds the lock:( |$)'
    grep -q '1. d2-c3 \*' "$STATE/file/fetaix/autosave.pdn" || fail "the autosave of the other fetaix was overwritten"
}

e2e_autosave_lock_deleted() {
    # The lock file is deleted mid-game and a second fetaix takes a new one: the first stops writing.
    start_game
    wait_for 'White to move'
    type_move c2-c3
    rm "$STATE/fetaix/autosave.lock"
    $T new-window -t e2e "$BIN; echo EXITED \$?; sleep 30"
    wait_for 'Resume the unfinished game \(1 move\)\? \(y/n\)'
    keys -t e2e:1 n
    type_move d2-c3
    $T select-window -t e2e:0
    type_move c4xc2
    wait_for 'autosave off: another fetaix holds the lock:( |$)'
    grep -q '^1. d2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the second fetaix's game was overwritten"
    # The second one quits: the first owns the autosave again, and keeps the other game aside.
    $T select-window -t e2e:1
    keys q
    wait_for 'Quit\? The game is saved: run fetaix to resume it\. \(y/n\)'
    keys y
    wait_for 'EXITED 0'
    $T select-window -t e2e:0
    type_move c1xc3
    wait_for 'the autosave held another unfinished game \(1 move\), moved to:( |$)'
    kept=$(ls "$STATE"/fetaix/autosave-kept-*.pdn) || fail "no game kept aside"
    grep -q '^1. d2-c3 \*' "$kept" || fail "the kept game is not the second fetaix's"
    grep -q '^1. c2-c3 c4xc2 2. c1xc3 \*' "$STATE/fetaix/autosave.pdn" || fail "the first fetaix's game is not saved"
}

e2e_autosave_folder_deleted() {
    # The whole state folder is deleted mid-game and a second fetaix makes it anew: the first stops writing.
    start_game
    wait_for 'White to move'
    type_move c2-c3
    rm -rf "$STATE/fetaix"
    $T new-window -t e2e "$BIN; sleep 30"
    wait_for 'White to move'
    type_move d2-c3
    $T select-window -t e2e:0
    type_move c4xc2
    wait_for 'autosave off: another fetaix holds the lock:( |$)'
    grep -q '^1. d2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the second fetaix's game was overwritten"
}

e2e_autosave_broken() {
    # An illegal autosave: said at start, with why and where it went; kept whole, never overwritten.
    mkdir -p "$STATE/fetaix"
    printf '[Event "x"]\n1. c2-c3 c4xc2\n2. c1-c2 *\n' >"$STATE/fetaix/autosave.pdn"
    cp "$STATE/fetaix/autosave.pdn" "$STATE/original"
    start_game --resume
    wait_for "the saved game was broken \(line 3, column 4: move 2 'c1-c2'"
    screen | grep -q 'no unfinished game' && fail "said no game was saved"
    broken=$(ls "$STATE"/fetaix/autosave-broken-*.pdn) || fail "not moved aside"
    [[ $(basename "$broken") =~ ^autosave-broken-[0-9]{8}-[0-9]{6}\.pdn$ ]] || fail "badly named: $broken"
    cmp -s "$broken" "$STATE/original" || fail "the broken autosave changed when moved aside"
    type_move c2-c3
    grep -q '^1. c2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the new game is not saved"
    cmp -s "$broken" "$STATE/original" || fail "the broken autosave was overwritten"
    # The whole notice, path included, where the screen is wide enough.
    stop_tmux
    printf '1. e5-e4 *\n' >"$STATE/fetaix/autosave.pdn"
    $T -u new-session -d -s e2e -x 250 -y 24 "$BIN; sleep 30"
    wait_for "the saved game was broken \(line 1, column 4: move 1 'e5-e4': .*\), moved to: $STATE/fetaix/autosave-broken-[0-9]{8}-[0-9]{6}(-2)?\.pdn"
    [ "$(ls "$STATE"/fetaix/autosave-broken-*.pdn | wc -l)" = 2 ] || fail "the second broken autosave took the first one's place"
}

e2e_autosave_stale_temporaries() {
    # Temporary files left by writes cut short: the owner removes those of its own pattern, only those.
    mkdir -p "$STATE/fetaix"
    for n in autosave.pdn.Ab3xZ9 autosave.pdn.000000 autosave.pdn.short autosave.pdn.toolong1 notes.txt; do
        echo x >"$STATE/fetaix/$n"
    done
    start_game
    wait_for 'White to move'
    [ "$(cd "$STATE/fetaix" && ls | tr '\n' ' ')" = "autosave.lock autosave.pdn.short autosave.pdn.toolong1 notes.txt " ] ||
        fail "left: $(ls "$STATE/fetaix")"
}

e2e_autosave_lock_file() {
    # The lock file made read-only (mode 444) still locks; unreadable (mode 000), the saved game is still
    # offered, to continue unsaved; once the lock can be opened, the continued game is saved over it.
    chmod 755 "$STATE"
    mkdir "$STATE/fetaix"
    printf '[White "Ali"]\n1. d2-c3 b4xd2 *\n' >"$STATE/fetaix/autosave.pdn"
    touch "$STATE/fetaix/autosave.lock"
    chmod 444 "$STATE/fetaix/autosave.lock"
    [ "$(id -u)" = 0 ] && chown nobody:nogroup "$STATE/fetaix" "$STATE/fetaix/autosave.pdn"
    run="env XDG_STATE_HOME=$STATE $(as_player "$(player_program)")"
    $T -u new-session -d -s e2e -x 80 -y 24 "$run; sleep 30"
    wait_for 'Resume the unfinished game \(1 move\)\? \(y/n\)'
    keys q
    stop_tmux
    chmod 000 "$STATE/fetaix/autosave.lock"
    $T -u new-session -d -s e2e -x 80 -y 24 "$run; sleep 30"
    wait_for 'autosave failing: cannot open the lock: Permission denied:( |$)'
    wait_for 'Continue the saved game \(1 move\) unsaved\? y = yes, n = view it read-only'
    keys n
    wait_for 'Replay: after 1\.\.\. b4xd2 \(move 1 of 1\) -- read-only: the autosave cannot be used$'
    stop_tmux
    $T -u new-session -d -s e2e -x 80 -y 24 "$run; sleep 30"
    wait_for 'Continue the saved game'
    keys y
    wait_for 'Game resumed; its moves are not saved while the autosave fails\.'
    type_move e1xc3
    wait_for 'autosave failing: cannot open the lock: Permission denied:( |$)'
    grep -q 'e1xc3' "$STATE/fetaix/autosave.pdn" && fail "wrote without the lock"
    rm "$STATE/fetaix/autosave.lock"
    keys u
    wait_gone 'autosave failing'
    grep -q '^1. d2-c3 b4xd2 \*' "$STATE/fetaix/autosave.pdn" || fail "the continued game is not saved"
    grep -q '^\[Redo "e1xc3"\]' "$STATE/fetaix/autosave.pdn" || fail "the redo line is not saved"
    ls "$STATE"/fetaix/autosave-kept-* 2>/dev/null && fail "the continued game's own autosave was set aside"
    # A FIFO in the lock's place (read-only, so that only a read-only open is tried): refused, no hang.
    stop_tmux
    rm "$STATE/fetaix/autosave.lock"
    mkfifo -m 444 "$STATE/fetaix/autosave.lock"
    $T -u new-session -d -s e2e -x 80 -y 24 "$run; sleep 30"
    wait_for 'autosave failing: the lock is not a regular file:( |$)'
    wait_for 'Continue the saved game'
}

e2e_autosave_readonly_folder() {
    # A read-only state folder: the saved game is offered; a new game played meanwhile never replaces it.
    what="a read-only state folder: the saved game offered, a new game never replacing it"
    private_mounts "$what" "$1"
    mount_tmpfs "$STATE/fetaix" 1m "$what"
    printf '[White "Ali"]\n1. d2-c3 b4xd2 *\n' >"$STATE/fetaix/autosave.pdn"
    cp "$STATE/fetaix/autosave.pdn" "$STATE/original"
    mount -o remount,ro "$STATE/fetaix" || fail "cannot remount read-only"
    start_game
    wait_for 'Continue the saved game \(1 move\) unsaved\? y = yes, n = view it read-only'
    wait_for 'autosave failing: cannot open the lock: Read-only file system:( |$)'
    stop_tmux
    start_game --new
    wait_for 'autosave failing: cannot open the lock: Read-only file system:( |$)'
    type_move c2-c3
    mount -o remount,rw "$STATE/fetaix" || fail "cannot remount read-write"
    type_move c4xc2
    wait_for 'the autosave held another unfinished game \(1 move\), moved to:( |$)'
    wait_gone 'autosave failing'
    kept=$(ls "$STATE"/fetaix/autosave-kept-*.pdn) || fail "the saved game was not kept"
    cmp -s "$kept" "$STATE/original" || fail "the kept game differs from the saved one"
    grep -q '^1. c2-c3 c4xc2 \*' "$STATE/fetaix/autosave.pdn" || fail "the new game is not saved"
    # A broken autosave in a read-only folder that has its lock file: owned, but not moved aside yet, so
    # nothing is written until it can be.
    stop_tmux
    rm "$STATE"/fetaix/autosave-kept-*.pdn
    printf '1. c2-c3 c4xc2 2. c1-c2 *\n' >"$STATE/fetaix/autosave.pdn"
    cp "$STATE/fetaix/autosave.pdn" "$STATE/original"
    mount -o remount,ro "$STATE/fetaix" || fail "cannot remount read-only"
    start_game
    wait_for "the saved game is broken \(line 1, column 19: move 2 'c1-c2'"
    type_move d2-c3
    wait_for "autosave failing: cannot move aside a broken game \(line 1, column 19"
    mount -o remount,rw "$STATE/fetaix" || fail "cannot remount read-write"
    type_move b4xd2
    wait_for "the autosave held a broken game \(line 1, column 19: move 2 'c1-c2'"
    broken=$(ls "$STATE"/fetaix/autosave-broken-*.pdn) || fail "the broken autosave was not moved aside"
    cmp -s "$broken" "$STATE/original" || fail "the broken autosave changed"
    grep -q '^1. d2-c3 b4xd2 \*' "$STATE/fetaix/autosave.pdn" || fail "the game is not saved"
}

e2e_autosave_disk_full() {
    # A full disk: the notice says why first; the last good autosave stays whole, no temporary is left.
    what="a full disk: the autosave failing says why, the last good autosave whole, no temporary left"
    private_mounts "$what" "$1"
    mount_tmpfs "$STATE/fetaix" 64k "$what"
    start_game
    wait_for 'White to move'
    type_move c2-c3
    dd if=/dev/zero of="$STATE/fetaix/filler" bs=4k 2>/dev/null
    type_move c4xc2
    wait_for 'autosave failing: cannot write: No space left on device:( |$)'
    grep -q '^1. c2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the last good autosave was damaged"
    ls "$STATE"/fetaix/autosave.pdn.* 2>/dev/null && fail "a temporary file was left"
    rm "$STATE/fetaix/filler"
    type_move c1xc3
    wait_gone 'autosave failing'
    grep -q '^1. c2-c3 c4xc2 2. c1xc3 \*' "$STATE/fetaix/autosave.pdn" || fail "not saved once there was room"
}
