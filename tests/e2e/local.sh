# A second fetaix on this machine meeting a game in progress: taking a seat, watching, taking over
# (told, with no moves, from the screen-reader mode), a seat held, a stopped fetaix, the clocks and
# the history seen from both.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_local_seat() {
    # A second plain fetaix beside a running game asks what to do; s takes the other
    # seat: the first terminal keeps White, and the game becomes a two-terminal game as with host/join.
    me=$(id -un)
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    pid=$(fetaix_pid first)
    # The game is reachable: the lock file says by whom and how, and fetaix hosts lists it.
    [ "$(cat "$STATE/fetaix/autosave.lock")" = "fetaix pid=$pid game=local-$pid" ] ||
        fail "the lock file: '$(cat "$STATE/fetaix/autosave.lock")'"
    # (Shared games of other tests running at the same time may be listed too.)
    listed=$("$BIN" hosts | grep "^local-$pid ")
    [ "$listed" = "local-$pid   White White, Black (free)   1 move, Black to move   0 watchers" ] || fail "fetaix hosts: '$listed'"
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    [ "$(screen_in second | sed -n 1,8p)" = "Another fetaix (pid $pid) is playing the game saved here:
White - Black, 1 move, Black to move.
  s  take the Black seat: one game on two screens (the other keeps White)
  w  watch it live
  t  take it over here (the other screen becomes a watcher)
  n  play a separate game, not autosaved
  q  quit
Your choice (s, w, t, n or q), then Enter:" ] || fail "not the question expected"
    # Anything else asks again.
    keys_in second x Enter
    wait_in second '^Type s, w, t, n or q\.$'
    keys_in second s Enter
    wait_in first "^Black \($me\) joined\.$"
    wait_in second "^Black \($me\) to move - your turn - capture compulsory"
    # The first terminal no longer plays Black: it waits for the other screen.
    keys_in first ':'
    wait_in first '^Move: _'
    keys_in first -l c4xc2
    keys_in first Enter
    wait_in first "It is not your turn: waiting for $me\."
    keys_in first Escape
    move_in second c4xc2
    wait_in first 'Black plays c4xc2'
    wait_in first '^White to move - your turn - capture compulsory'
    move_in first c1xc3
    wait_in second 'White plays c1xc3'
    # The autosave has every move, written by the first fetaix alone.
    wait_in first '^White to move|^Black'
    grep -q '^1\. c2-c3 c4xc2 2\. c1xc3 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave lacks the moves: $(cat "$STATE/fetaix/autosave.pdn")"
    # The first quits: the second can only browse now, and its quit question no longer offers a seat
    # back by the game's name (no such game: the first's was named by its process).
    keys_in first q
    wait_in first '^Quit\? The game is saved: fetaix resumes it\. \(y/n\)$'
    keys_in first y
    wait_in first '^EXITED'
    wait_in second '^Disconnected: '
    wait_in second '^\[ \] browse the moves   f flip   \? help   q quit$'
    keys_in second q
    wait_in second "^Quit\? The host's fetaix has closed: the game is saved with the host\. \(y/n\)$"
    kill_server
}

e2e_local_seat_name() {
    # s keeps the name the game has for the seat: the first started with --black Zineb, the player who
    # sits down there is Zineb on both screens, and stays so in the autosave once gone. A second fetaix
    # given --black for that seat names its player itself.
    me=$(id -un)
    start_in first "$BIN" --black Zineb
    wait_in first 'White to move'
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second s Enter
    wait_in first "^Black \(Zineb\) joined \(login $me\)\.$"
    wait_in second '^White to move - waiting for White \| White 12, Black 12$'
    move_in first c2-c3
    wait_in second '^Black \(Zineb\) to move - your turn - capture compulsory \| White 12, Black 12$'
    wait_in first '^Black \(Zineb\) to move - waiting for Zineb \| White 12, Black 12$'
    pid=$(fetaix_pid second)
    kill -KILL "$pid"
    while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.02; done
    wait_in first '^Black \(Zineb\) disconnected, waiting$'
    grep -qx '\[Black "Zineb"\]' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    # Given a name for the seat it takes, the second fetaix's player goes by it.
    other=$STATE/other
    start_in third XDG_STATE_HOME="$other" "$BIN" --black Zineb
    wait_in third 'White to move'
    # A name too long for the network is said, and the question asked again; nothing changed.
    start_in long XDG_STATE_HOME="$other" "$BIN" --black 日本語の名前日本語の名前日本語の名前
    wait_in long '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in long s Enter
    wait_in long '^--black 日本語の名前日本語の名前日本語の名前: a name on two screens has at most'
    wait_in long '40 bytes \(UTF-8\), this one 54\.$'
    wait_in long '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in long q Enter
    wait_in long '^EXITED 0$'
    screen_in third | grep -q 'joined' && fail "the first screen was joined: $(screen_in third)"
    start_in fourth XDG_STATE_HOME="$other" "$BIN" --black Youssef
    wait_in fourth '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in fourth s Enter
    wait_in third "^Black \(Youssef\) joined \(login $me\)\.$"
    move_in third c2-c3
    wait_in fourth '^Black \(Youssef\) to move - your turn - capture compulsory \| White 12, Black 12$'
    kill_server
}

e2e_local_seat_held() {
    # A third plain fetaix while the other seat is taken and its player still connected: taking that seat
    # would throw them out, so it is not offered (watch, take over, a separate game); once that player has
    # gone, the next fetaix offers their seat back.
    me=$(id -un)
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    pid=$(fetaix_pid first)
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second s Enter
    wait_in first "^Black \($me\) joined\.$"
    wait_in second "^Black \($me\) to move - your turn"
    start_in third "$BIN"
    wait_in third '^Your choice \(w, t, n or q\), then Enter:$'
    [ "$(screen_in third | sed -n 1,8p)" = "Another fetaix (pid $pid) is playing the game saved here:
White - Black ($me), 1 move, Black to move.
     (its other seat is played at another terminal, still connected)
  w  watch it live
  t  take it over here (the other screen becomes a watcher)
  n  play a separate game, not autosaved
  q  quit
Your choice (w, t, n or q), then Enter:" ] || fail "not the question expected: $(screen_in third)"
    keys_in third s Enter
    wait_in third '^Type w, t, n or q\.$'
    keys_in third w Enter
    wait_in third "^Watching local-$pid: "
    # Nobody was thrown out: the second still plays Black, and its move reaches both other screens.
    move_in second c4xc2
    wait_in first '^White to move - your turn - capture compulsory'
    wait_in third '1\. c2-c3 +c4xc2'
    screen_in second | grep -q 'Disconnected\|host is gone' && fail "the second was disconnected: $(screen_in second)"
    # The second's fetaix gone, a fourth is offered the seat back, and takes it.
    kill -TERM "$(fetaix_pid second)"
    wait_in first "^Black \($me\) disconnected, waiting$"
    start_in fourth "$BIN"
    wait_in fourth '^Your choice \(s, w, t, n or q\), then Enter:$'
    screen_in fourth | grep -qx '  s  take your seat back: one game on two screens' || fail "no seat back: $(screen_in fourth)"
    # Two plies are one move, as the move list counts them.
    screen_in fourth | grep -qx "White - Black ($me), 1 move, White to move\." || fail "the game line: $(screen_in fourth)"
    keys_in fourth s Enter
    wait_in first "^Black \($me\) joined\.$"
    wait_in fourth "^White to move - waiting for"
    # fetaix join with the kept token still takes the seat from a connection left open (a dead SSH
    # session): the screen left is told it was disconnected (the host is not gone), the first screen why.
    start_in fifth "$BIN" join "local-$pid"
    wait_in fifth "^White to move - waiting for"
    wait_in first "^Black \($me\) took the seat back at another terminal\.$"
    wait_in fourth "^White to move - disconnected \| White 11, Black 12$"
    kill_server
}

e2e_local_history_once() {
    # A game shared between terminals of one state folder is kept in its history once, by the first
    # fetaix (the host, which holds the autosave and the clocks' readings): not again by the player who
    # took the other seat nor by a watcher. A watcher of another state folder keeps its own copy there.
    me=$(id -un)
    other=$(mktemp -d)
    start_in first "$BIN" --clock 1:00
    wait_in first 'White to move'
    move_in first c2-c3
    pid=$(fetaix_pid first)
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second s Enter
    wait_in first "^Black \($me\) joined\."
    start_in third "$BIN"
    wait_in third '^Your choice \(w, t, n or q\), then Enter:$'
    keys_in third w Enter
    wait_in third "^Watching local-$pid: "
    start_in fourth XDG_STATE_HOME="$other" "$BIN" watch "local-$pid"
    wait_in fourth "^Watching local-$pid: "
    move_in second c4xc2
    wait_in first '^White to move - your turn'
    move_in first c1xc3
    wait_in second '^Black \('"$me"'\) to move - your turn'
    keys_in second R
    wait_in second 'Resign'
    keys_in second y
    for t in first second third fourth; do wait_in "$t" '^Game over: White wins by resignation\.'; done
    for t in first second third fourth; do
        keys_in "$t" q
        wait_in "$t" '^Quit\? .*\(y/n\)$|^Stop watching\? \(y/n\)$|EXITED'
        screen_in "$t" | grep -q EXITED || keys_in "$t" y
        wait_in "$t" 'EXITED 0'
    done
    kept=$(ls "$STATE/fetaix/games")
    [ "$(echo "$kept" | wc -l)" -eq 1 ] || fail "kept $(echo "$kept" | wc -l) times: $kept"
    # The host's record: every move with the clocks just after it, and the resignation.
    record="$STATE/fetaix/games/$kept"
    [ "$(grep -o '\[%clock ' "$record" | wc -l)" -eq 3 ] || fail "not three clock comments: $(cat "$record")"
    grep -q '1-0$' "$record" || fail "the result is not in the record: $(cat "$record")"
    [ "$(ls "$other/fetaix/games" | wc -l)" -eq 1 ] || fail "the other state folder kept: $(ls "$other/fetaix/games")"
    rm -rf "$other"
    kill_server
}

e2e_local_new_game() {
    # After a game shared with a second plain fetaix ends, n at the first terminal (the host) starts the
    # next game for both: the other keeps its seat and follows. n at the other screen says who starts it.
    me=$(id -un)
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second s Enter
    wait_in first "^Black \($me\) joined\."
    # While it is played, n says when it can start one.
    keys_in first n
    wait_in first '^A new game once this one is over: R resigns, d offers a draw\.$'
    keys_in second R
    wait_in second 'Resign'
    keys_in second y
    wait_in first '^Game over: White wins by resignation\.'
    wait_in second '^Game over: White wins by resignation\.'
    keys_in second n
    wait_in second "^The host starts a new game: this screen follows the host's game\.$"
    keys_in first n
    wait_in first '^New game\.$'
    wait_in first '^White to move - your turn \| White 12, Black 12$'
    wait_in second "^White to move - waiting for White \| White 12, Black 12$"
    screen_in second | grep -q 'c2-c3' && fail "the old game is still shown: $(screen_in second)"
    move_in first c2-c3
    wait_in second "^Black \($me\) to move - your turn - capture compulsory"
    move_in second c4xc2
    wait_in first '^White to move - your turn - capture compulsory'
    kill_server
}

e2e_local_watch() {
    # w watches the running game live: every change at the first terminal (a move, an undo) follows.
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    start_in watcher "$BIN"
    wait_in watcher '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in watcher w Enter
    pid=$(fetaix_pid first)
    wait_in watcher "^Watching local-$pid: \[ \] browse the moves, c chat with the watchers\.$"
    wait_in watcher '1\. c2-c3'
    move_in first c4xc2
    wait_in watcher 'c4xc2'
    wait_in watcher '^Black plays c4xc2'
    keys_in first u
    wait_in watcher '1\. c2-c3$'
    wait_in watcher '^Black to move'
    # The news of the move undone goes with it.
    wait_gone_in watcher 'Black plays c4xc2'
    [ "$("$BIN" hosts | grep "^local-$pid ")" = "local-$pid   White White, Black (free)   1 move, Black to move   1 watcher" ] || fail "fetaix hosts: '$("$BIN" hosts)'"
    kill_server
}

e2e_local_seat_clock() {
    # A timed plain game shared through a second plain fetaix with s: before the seat is taken
    # it is a local game (the pause works); once taken, the host session's clocks decide, the clock that
    # ran standing where it was. The joiner lets its time run out: both screens say who won on time, and
    # the autosave records the termination.
    me=$(id -un)
    start_in first "$BIN" --clock 0:04
    wait_in first 'Clock  ○ 0:04\.0   ● 0:04\.0'
    move_in first c2-c3
    keys_in first p
    wait_in first '^Clocks paused: p starts them again\.$'
    wait_in first 'Clock  ○ 0:04\.0   ● 0:0[0-3]\.[0-9]'
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second s Enter
    wait_in first "^Black \($me\) joined\. The clocks run again\.$"
    # The joiner gets both clocks, Black's running, and counts it down by itself.
    wait_in second 'Clock  ○ 0:04\.0  >● 0:0[0-3]\.[0-9]'
    wait_in second 'Clock  ○ 0:04\.0  >● 0:0[01]\.[0-9]'
    # No pause once a seat is taken.
    keys_in first p
    wait_in first '^No pause in a game over the network: the host.s clocks run for both players\.$'
    wait_in second '^Game over: White wins on time\.' 10
    wait_in first '^Game over: White wins on time\.' 10
    wait_in first "Time is up for Black \($me\)\."
    wait_in second "Time is up for Black \($me\)\."
    wait_in first 'Clock  ○ 0:04\.0   ● 0:00\.0'
    wait_in second 'Clock  ○ 0:04\.0   ● 0:00\.0'
    grep -q '^\[Termination "time forfeit"\]' "$STATE/fetaix/autosave.pdn" || fail "the autosave does not say time forfeit: $(cat "$STATE/fetaix/autosave.pdn")"
    grep -q '^\[TimeControl "4"\]' "$STATE/fetaix/autosave.pdn" || fail "the autosave has no TimeControl"
    kill_server
}

e2e_local_watch_clock() {
    # w watches a timed plain game: the clocks come with it and count down on the watcher's screen, stand
    # still while the first screen pauses them, and the fall the first screen decides reaches the watcher.
    start_in first "$BIN" --clock 0:04
    wait_in first 'Clock  ○ 0:04\.0   ● 0:04\.0'
    start_in watcher "$BIN"
    wait_in watcher '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in watcher w Enter
    wait_in watcher '^Watching local-[0-9]+: '
    wait_in watcher 'Clock  ○ 0:04\.0   ● 0:04\.0'
    move_in first c2-c3
    wait_in watcher 'Clock  ○ 0:04\.0  >● 0:03\.[0-9]'
    keys_in first p
    wait_in first '^Clocks paused: p starts them again\.$'
    wait_in watcher 'Clock  ○ 0:04\.0   ● 0:0[0-3]\.[0-9]'
    keys_in first p
    wait_in first '^Clocks running again\.$'
    wait_in watcher 'Clock  ○ 0:04\.0  >● 0:0[0-2]\.[0-9]'
    wait_in watcher '^Game over: White wins on time\.' 10
    wait_in watcher 'Clock  ○ 0:04\.0   ● 0:00\.0'
    kill_server
}

e2e_local_takeover() {
    # t takes the game over: the first terminal saves, lets go of the autosave and becomes a watcher of
    # the second, saying so; the second resumes the game with every move and writes the autosave.
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    move_in first c4xc2
    first_pid=$(fetaix_pid first)
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second t Enter
    wait_in second '^White to move - capture compulsory'
    second_pid=$(fetaix_pid second)
    [ "$(cat "$STATE/fetaix/autosave.lock")" = "fetaix pid=$second_pid game=local-$second_pid" ] ||
        fail "the lock file: '$(cat "$STATE/fetaix/autosave.lock")'"
    wait_in first "^This game was taken over by another terminal \(pid $second_pid\): watching it\.$"
    move_in second c1xc3
    wait_in first 'c1xc3'
    grep -q '^1\. c2-c3 c4xc2 2\. c1xc3 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    # The watcher plays nothing: a move typed goes nowhere else (not into chat a key at a time), and
    # Enter says what a watcher can do.
    keys_in first ':'
    wait_in first '^Move: _'
    keys_in first -l c3xc1
    keys_in first Enter
    wait_in first '^Watching: watchers cannot move; \[ \] browse the moves, c chats\.$'
    screen_in first | grep -q '^Move: ' && fail "the watcher's refused move left the prompt open"
    screen_in second | grep -q '(watching): ' && fail "the watcher's keys reached the chat: $(screen_in second)"
    # Quitting the first leaves the autosave to the second and keeps nothing in the history.
    keys_in first q
    wait_in first '^Stop watching\? \(y/n\)$'
    keys_in first y
    wait_in first '^EXITED 0$'
    [ -d "$STATE/fetaix/history" ] && [ -n "$(ls "$STATE/fetaix/history")" ] && fail "the watched game went to the history"
    kill -0 "$first_pid" 2>/dev/null && fail "the first fetaix is still running"
    move_in second a3xc1
    grep -q '^1\. c2-c3 c4xc2 2\. c1xc3 a3xc1 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    kill_server
}

e2e_local_takeover_no_moves() {
    # t takes over a game of no moves yet: the second resumes it as it is (its players and clock), and
    # does not say that no unfinished game was saved.
    start_in first "$BIN" --white Amina --clock 0:30
    wait_in first 'Clock  ○ 0:30   ● 0:30'
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second t Enter
    wait_in second '^White \(Amina\) to move'
    wait_in second 'Clock  ○ 0:30   ● 0:30'
    screen_in second | grep -q 'no unfinished game' && fail "said no unfinished game was saved"
    second_pid=$(fetaix_pid second)
    wait_in first "^This game was taken over by another terminal \(pid $second_pid\): watching it\.$"
    move_in second c2-c3
    wait_in first 'c2-c3'
    grep -q '^\[White "Amina"\]' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    grep -q '^\[TimeControl "30"\]' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    kill_server
}

e2e_local_takeover_told() {
    # A takeover (t) of a game on two screens with a watcher: the joined player and the watcher are told
    # where it went and follow it to its new holder, the player in its seat, the watcher watching.
    me=$(id -un)
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    start_in black "$BIN"
    wait_in black '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in black s Enter
    wait_in first "^Black \($me\) joined\.$"
    start_in watcher "$BIN"
    # (Black's player is connected: that seat is not offered.)
    wait_in watcher '^Your choice \(w, t, n or q\), then Enter:$'
    keys_in watcher w Enter
    wait_in watcher '^Watching local-[0-9]+: '
    start_in third "$BIN"
    wait_in third '^Your choice \(w, t, n or q\), then Enter:$'
    keys_in third t Enter
    third_pid=$(fetaix_pid third)
    wait_in black "^The game moved to another terminal \(pid $third_pid\): followed there\.$" 10
    wait_in watcher "^The game moved to another terminal \(pid $third_pid\): watching it there\.$" 10
    wait_in third "^Black \($me\) joined\.$"
    wait_in black "^Black \($me\) to move - your turn - capture compulsory"
    move_in black c4xc2
    wait_in third 'Black plays c4xc2'
    wait_in watcher 'Black plays c4xc2'
    grep -q '^1\. c2-c3 c4xc2 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    kill_server
}

e2e_local_follow_resumed() {
    # A game taken over (t) and then quit at its new holder: the screen that watches it is told how it
    # comes back, and follows it to the fetaix that resumes it.
    start_in first "$BIN" --white Amina
    wait_in first 'White \(Amina\) to move'
    move_in first c2-c3
    start_in second "$BIN"
    wait_in second '^Your choice \(s, w, t, n or q\), then Enter:$'
    keys_in second t Enter
    second_pid=$(fetaix_pid second)
    wait_in first "^This game was taken over by another terminal \(pid $second_pid\): watching it\.$"
    keys_in second q
    wait_in second '^Quit\? The game is saved: run fetaix to resume it\. \(y/n\)$'
    keys_in second y
    wait_in first '^\(fetaix resumes it\)\. Followed here when it is taken up; q quits\.$'
    wait_in first '^Black to move - the host is gone '
    start_in third "$BIN" --resume
    third_pid=$(fetaix_pid third)
    wait_in first "^The game moved to another terminal \(pid $third_pid\): followed there\.$" 10
    move_in third c4xc2
    wait_in first 'Black plays c4xc2'
    kill_server
}

e2e_local_stopped() {
    # A first fetaix that does not answer (stopped with SIGSTOP, as a process hung on a dead SSH
    # connection would be): after a countdown the second offers to stop it, and takes the game from the
    # autosave with every move, never writing while the first could.
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    pid=$(fetaix_pid first)
    kill -STOP "$pid"
    start_in second "$BIN"
    # Keys typed while it asks are not echoed onto the countdown, nor kept to answer the question after it.
    wait_in second '^Asking the other fetaix'
    keys_in second x Enter
    wait_in second '^Your choice \(k, n or q\), then Enter:$'
    screen_in second | grep -q '^Type k, n or q\.$' && fail "a key typed during the countdown answered: $(screen_in second)"
    # The countdown of its answer ran out first.
    [ "$(screen_in second | sed -n 1,7p)" = "Asking the other fetaix (pid $pid) about its game... 1 s
The other fetaix (pid $pid) does not answer:
it may be stopped, or hung on a lost connection.
  k  stop it (SIGTERM, SIGKILL after 3 s) and take its saved game here
  n  play a separate game, not autosaved
  q  quit
Your choice (k, n or q), then Enter:" ] || fail "not the question expected"
    [ "$(cat "$STATE/fetaix/autosave.lock")" = "fetaix pid=$pid game=local-$pid" ] || fail "the lock changed hands early"
    keys_in second k Enter
    wait_in second '^Black to move - capture compulsory'
    second_pid=$(fetaix_pid second)
    [ "$(cat "$STATE/fetaix/autosave.lock")" = "fetaix pid=$second_pid game=local-$second_pid" ] || fail "the lock: $(cat "$STATE/fetaix/autosave.lock")"
    kill -0 "$pid" 2>/dev/null && fail "the stopped fetaix is still there"
    wait_in first '^EXITED'
    move_in second c4xc2
    grep -q '^1\. c2-c3 c4xc2 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    kill_server
}

e2e_local_takeover_screen_reader() {
    # The screen-reader mode gets the same question in lines, without the seat and watching (that mode
    # plays no game over the network): t takes the screen's game over, which then watches it here.
    start_in first "$BIN"
    wait_in first 'White to move'
    move_in first c2-c3
    pid=$(fetaix_pid first)
    start_in second "$BIN" --screen-reader
    wait_in second '^Your choice \(t, n or q\), then Enter:$'
    [ "$(screen_in second | sed -n 1,6p)" = "Another fetaix (pid $pid) is playing the game saved here:
White - Black, 1 move, Black to move.
  t  take it over here (the other screen becomes a watcher)
  n  play a separate game, not autosaved
  q  quit
Your choice (t, n or q), then Enter:" ] || fail "not the question expected"
    keys_in second s Enter
    wait_in second '^Type t, n or q\.$'
    keys_in second t Enter
    wait_in second '^Black to move\.$'
    second_pid=$(fetaix_pid second)
    # No socket in the screen-reader mode: its lock names no game, and the screen cannot watch it.
    [ "$(cat "$STATE/fetaix/autosave.lock")" = "fetaix pid=$second_pid" ] || fail "the lock: $(cat "$STATE/fetaix/autosave.lock")"
    wait_in first "^This game was taken over by another terminal \(pid $second_pid\): q quits\.$" 10
    # The first screen plays on no copy of its own: an undo is refused, and the game stays as it was.
    keys_in first u
    wait_in first "^The game is played at the other terminal \(pid $second_pid\) now: q quits\.$"
    screen_in first | grep -q '1\. c2-c3' || fail "the first screen's game changed after the takeover"
    keys_in second -l c4xc2
    keys_in second Enter
    wait_in second '^White to move\.$'
    grep -q '^1\. c2-c3 c4xc2 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave: $(cat "$STATE/fetaix/autosave.pdn")"
    kill_server
}
