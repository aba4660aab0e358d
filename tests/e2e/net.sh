# A game over the network: host, join and watch; rejoining, resuming, the host ending or pausing,
# refusals, offers, clocks, a watcher's news, keys remapped, the host's lines.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_net_game() {
    # A whole game between two terminals, with a watcher: each player sees the board from their own
    # side and whose turn it is, the bell rings when the other has moved, the watcher follows every
    # move, and a watcher's chat reaches the watchers only.
    settings $'bell = true\n[players]\nwhite = "Amina"\n'
    me=$(id -un)
    start_in host "$BIN" host kitchen
    $T set -g monitor-bell on
    wait_in host '^Join: fetaix join kitchen   Watch: fetaix watch kitchen$'
    wait_in host '^White \(Amina\) to move - your turn \| White 12, Black 12$'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    wait_in black '^White \(Amina\) to move - waiting for Amina \| White 12, Black 12$'
    # The joiner plays Black: its board has Black at the bottom.
    [ "$(screen_in black | sed -n 3p | sed 's/ *$//')" = "1   ○─────○─────○─────○─────○" ] || fail "black's board is not turned"
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: \[ \] browse the moves, c chat with the watchers\.$'
    # (Shared games of other tests running at the same time may be listed too.)
    listed=$("$BIN" hosts | grep "^kitchen ")
    [ "$listed" = "kitchen   White Amina, Black $me   0 moves, White to move   1 watcher" ] || fail "fetaix hosts: '$listed'"
    white=(d3-c3 e3xc3 c3xe3 e3xc5 c5xc3xe5xe3 e3xa3xc5xe5 e5xa5xa3xc5)
    black=(b3xd3 d4-d3 c5-d4 e5-d4 a3-b3 a5-b4)
    for i in "${!white[@]}"; do
        move_in host "${white[$i]}"
        wait_in black "White plays ${white[$i]}"
        [ "$($T display -p -t black '#{window_bell_flag}')" = 1 ] || fail "no bell for black after ${white[$i]}"
        $T kill-session -C -t black 2>/dev/null || true
        wait_in watcher "${white[$i]}"
        [ "$i" -lt "${#black[@]}" ] || break
        wait_in black "to move - your turn"
        move_in black "${black[$i]}"
        wait_in host "Black plays ${black[$i]}"
        wait_in watcher "${black[$i]}"
    done
    wait_in host '^Game over: White \(Amina\) wins by all pieces captured\.$'
    wait_in black '^Game over: White \(Amina\) wins by all pieces captured\.$'
    wait_in watcher '^Game over: White \(Amina\) wins by all pieces captured\.$'
    # 13 plies are 7 moves, as the move list numbers them (White's seventh stands alone).
    listed=$("$BIN" hosts | grep "^kitchen ")
    [ "$listed" = "kitchen   White Amina, Black $me   7 moves, 1-0   1 watcher" ] || fail "fetaix hosts after the game: '$listed'"
    # The watcher browses the moves on its own: the players' screens do not change.
    keys_in watcher '['
    wait_in watcher '^Viewing after .*a5-b4'
    keys_in watcher c
    wait_in watcher '^Say: _'
    keys_in watcher -l 'well played'
    keys_in watcher Enter
    wait_in watcher "^$me \(watching\): well played$"
    keys_in black c
    keys_in black -l 'thanks'
    keys_in black Enter
    wait_in host "^$me: thanks$"
    wait_in watcher "^$me: thanks$"
    screen_in host | grep -q 'well played' && fail "a watcher's chat reached the host"
    screen_in black | grep -q 'well played' && fail "a watcher's chat reached black"
    screen_in host | grep -q '^Viewing' && fail "the watcher's browsing moved the host's board"
    kill_server
}

e2e_net_rejoin() {
    # The joiner's fetaix killed mid-game: the host says so and the game goes on; fetaix join gives the
    # seat back (the token in the state folder proves it), with the whole game.
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    move_in black b3xd3
    wait_in host 'Black plays b3xd3'
    pid=$(fetaix_pid black)
    kill -KILL "$pid"
    while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.02; done
    wait_in host "^Black \($me\) disconnected, waiting$"
    move_in host e3xc3
    start_in black2 "$BIN" join kitchen
    wait_in black2 '^Black \('"$me"'\) to move - your turn'
    wait_in black2 '2\. e3xc3'
    wait_in host "^Black \($me\) joined\.$"
    move_in black2 d4-d3
    wait_in host 'Black plays d4-d3'
    # A move that comes while a question is open on the host is played (and autosaved) all the same,
    # as the computer's is.
    move_in host c3xe3
    keys_in host q
    wait_in host '^Quit\? '
    move_in black2 c5-d4
    wait_in host '3\. c3xe3 +c5-d4'
    grep -q 'c5-d4' "$STATE/fetaix/autosave.pdn" || fail "the move made during the question is not autosaved"
    keys_in host n
    wait_gone_in host '^Quit\? '
    # Quitting says how to come back, and leaves the seat to the player.
    keys_in black2 q
    wait_in black2 '^Quit\? The host keeps the game: fetaix join kitchen takes your seat back\. \(y/n\)$'
    keys_in black2 y
    wait_in black2 '^EXITED 0$'
    wait_in host "^Black \($me\) disconnected, waiting$"
    kill_server
}

e2e_net_resume() {
    # The host killed mid-game: the joiner and the watcher are told, and look for it again by themselves
    # (no busy loop: a few tries a second at most); fetaix host --resume brings the game back from the
    # autosave, and both are back in it without typing anything, the joiner in its seat (its token).
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: '
    move_in host d3-c3
    move_in black b3xd3
    wait_in host 'Black plays b3xd3'
    wait_in watcher '^Black plays b3xd3, taking c3\.$'
    pid=$(fetaix_pid host)
    kill -KILL "$pid"
    while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.02; done
    for who in black watcher; do
        wait_in $who '^Connection to the host lost\. Reconnecting when the host is back; q quits\.$'
        wait_in $who '^White to move - the host is gone \| White 11, Black 12$'
    done
    # The news from before the host went is gone with it.
    wait_gone_in watcher '^Black plays b3xd3, taking c3\.$'
    black_pid=$(fetaix_pid black)
    count() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$1/status"; }
    before=$(count "$black_pid")
    sleep 3
    woke=$(($(count "$black_pid") - before))
    [ "$woke" -le 20 ] || fail "the joiner woke $woke times in 3 s while the host was gone"
    start_in host2 "$BIN" host kitchen --resume
    wait_in host2 '1\. d3-c3 +b3xd3'
    wait_in host2 "^Black \($me\) joined\.$"
    wait_in black '^Reconnected: the host is back\.$'
    # (The watcher's news line may tell of the joiner's coming back by then.)
    wait_in watcher '^Watching kitchen: \[ \] browse the moves, c chat with the watchers\.$'
    wait_in watcher '^White to move - capture compulsory \| White 11, Black 12$'
    wait_in black "^White to move - waiting for White \| White 11, Black 12$"
    move_in host2 e3xc3
    wait_in black 'White plays e3xc3'
    wait_in black "^Black \($me\) to move - your turn"
    move_in black d4-d3
    wait_in host2 'Black plays d4-d3'
    wait_in watcher 'd4-d3'
    kill_server
}

e2e_net_resume_name() {
    # The name a joiner gave is the host's autosave's from its joining, with no move since (none at all
    # here): the host killed and hosted again with --resume, the joiner is back in its seat under it.
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen --name Youssef
    wait_in host "^Black \(Youssef\) joined \(login $me\)\.$"
    wait_in black '^White to move - waiting for White \| White 12, Black 12$'
    grep -qx '\[Black "Youssef"\]' "$STATE/fetaix/autosave.pdn" 2>/dev/null ||
        fail "the autosave lacks the joiner's name: $(cat "$STATE/fetaix/autosave.pdn" 2>&1)"
    pid=$(fetaix_pid host)
    kill -KILL "$pid"
    while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.02; done
    wait_in black '^Connection to the host lost\. Reconnecting when the host is back; q quits\.$'
    start_in host2 "$BIN" host kitchen --resume
    wait_in host2 "^Black \(Youssef\) joined \(login $me\)\.$"
    wait_in black '^Reconnected: the host is back\.$'
    move_in host2 d3-c3
    wait_in black '^Black \(Youssef\) to move - your turn - capture compulsory \| White 12, Black 12$'
    wait_in host2 '^Black \(Youssef\) to move - waiting for Youssef \| White 12, Black 12$'
    # The quit question as it stands: while the host runs it keeps the game; once it is gone, no host does.
    keys_in black q
    wait_in black '^Quit\? The host keeps the game: fetaix join kitchen takes your seat back\. \(y/n\)$'
    keys_in black n
    pid=$(fetaix_pid host2)
    kill -KILL "$pid"
    wait_in black '^Connection to the host lost\. Reconnecting when the host is back; q quits\.$'
    keys_in black q
    wait_in black '^Quit\? The host is gone; fetaix join kitchen rejoins once it is back\. \(y/n\)$'
    keys_in black y
    wait_in black '^EXITED 0$'
    kill_server
}

e2e_net_resume_shared() {
    # A shared game hosted again has new codes: its joiner is back by its seat token, which needs none,
    # and its watcher, whose watch code is the old one, is told why it is not (and tries no more).
    game="e2e-$$"
    start_in host "$BIN" host "$game" --shared
    wait_in host "^Watch: fetaix watch $game, code "
    watch_code=$(shown_code host Watch)
    start_in watcher "$BIN" watch "$game" --code "$watch_code"
    wait_in watcher "^Watching $game: "
    start_in black XDG_STATE_HOME="$STATE/black" "$BIN" join "$game" --code "$(shown_code host Join)"
    wait_in host 'Let them in\? \(y/n\)$'
    keys_in host y
    wait_in black 'waiting for White'
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    pid=$(fetaix_pid host)
    kill -KILL "$pid"
    wait_in watcher '^Connection to the host lost\. Reconnecting when the host is back; q quits\.$'
    start_in host2 "$BIN" host "$game" --shared --resume
    wait_in black '^Reconnected: the host is back\.$'
    wait_in black 'to move - your turn - capture compulsory'
    wait_in watcher '^Disconnected: the host refused: wrong watch code \(a game hosted again has new$'
    wait_in watcher "^codes: the host's screen shows them\)\.$"
    move_in black b3xd3
    wait_in host2 'Black plays b3xd3'
    kill_server
}

e2e_net_host_ends() {
    # The host quitting tells the others that it ended the game and where it is kept (not a lost
    # connection); hosted again with --resume, they are back in it by themselves.
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: '
    move_in host d3-c3
    move_in black b3xd3
    wait_in host 'Black plays b3xd3'
    keys_in host q
    wait_in host '^Quit\? The game is saved: fetaix host kitchen --resume hosts it again\. \(y/n\)$'
    keys_in host y
    wait_in host '^EXITED 0$'
    expected="White ended the game: it is kept in $STATE/fetaix/autosave.pdn (fetaix host kitchen --resume). Reconnecting when the host is back; q quits."
    for who in black watcher; do
        wait_in $who '^White ended the game'
        got=$(screen_in $who | grep -A1 '^White ended the game' | tr '\n' ' ' | sed 's/ *$//')
        [ "$got" = "$expected" ] || fail "$who was told: '$got'"
        wait_in $who '^White to move - the host is gone \| White 11, Black 12$'
    done
    start_in host2 "$BIN" host kitchen --resume
    wait_in black '^Reconnected: the host is back\.$'
    wait_in watcher '^White to move - capture compulsory \| White 11, Black 12$'
    move_in host2 e3xc3
    wait_in black 'White plays e3xc3'
    move_in black d4-d3
    wait_in host2 'Black plays d4-d3'
    # A finished game is in the game history already: the others are told so, with no --resume.
    keys_in black R
    wait_in black '^Resign for Black'
    keys_in black y
    wait_in host2 '^Game over: White wins by resignation\.$'
    keys_in host2 q
    wait_in host2 '^EXITED 0$'
    wait_in black '^White ended the game: it is kept in '
    got=$(screen_in black | grep -A1 '^White ended the game' | tr '\n' ' ' | sed 's/ *$//')
    [ "$got" = "White ended the game: it is kept in $STATE/fetaix/games/. Reconnecting when the host is back; q quits." ] ||
        fail "black was told: '$got'"
    kill_server
}

e2e_net_pause() {
    # p in an untimed game over the network: not the one-keyboard advice (fetaix --clock starts a local
    # game), but what applies there.
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in black 'waiting for White'
    keys_in black p
    wait_in black '^No clocks: the host sets the clock, and over the network no clock is paused\.$'
    keys_in host p
    wait_in host '^No clocks: host with --clock 5\+3 for them; over the network they never pause\.$'
    kill_server
}

e2e_net_refused() {
    # Refused, each with its reason and exit status 1, the host's game untouched: a third player (no
    # seat token: another user's state folder) when both seats are taken, and a wrong code for a
    # shared game, whose right code the host is asked about.
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    start_in third XDG_STATE_HOME="$STATE/third" "$BIN" join kitchen
    wait_in third "^fetaix: the host refused: no seat is free: the black seat is taken \($me\)$"
    wait_in third '^EXITED 1$'
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    # A second game hosted with the same autosave would not be saved: refused.
    start_in twice "$BIN" host other
    wait_in twice '^fetaix: cannot host: another fetaix is running with the autosave in '
    [ "$(screen_in twice | head -2 | tr -d '\n')" = "fetaix: cannot host: another fetaix is running with the autosave in $STATE/fetaix (end it first)" ] ||
        fail "not the message expected"
    wait_in twice '^EXITED 1$'
    game="e2e-$$"
    # (Its own state folder: the first host holds the autosave of this one.)
    start_in shared XDG_STATE_HOME="$STATE/shared" "$BIN" host "$game" --shared --as black
    # Each command whole on its line: copied from there as it is.
    wait_in shared "^Join: fetaix join $game, code [a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$"
    wait_in shared "^Watch: fetaix watch $game, code [a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$"
    code=$(shown_code shared Join)
    watch_code=$(shown_code shared Watch)
    start_in wrong XDG_STATE_HOME="$STATE/wrong" "$BIN" join "$game" --code aaaa-bbbb-cccc
    wait_in wrong '^fetaix: the host refused: wrong join code$'
    wait_in wrong '^EXITED 1$'
    wait_in shared "^a wrong join code from $me$"
    # No code at all is not a wrong one: the refusal says that the game needs one, and how to give it.
    start_in bare XDG_STATE_HOME="$STATE/bare" "$BIN" join "$game"
    # Asked for the code on a terminal; none given (Enter alone).
    wait_in bare "^Join code for $game \(shown on the host's screen\):$"
    keys_in bare Enter
    wait_in bare '^EXITED 1$'
    [ "$($T capture-pane -p -J -t bare | grep '^fetaix: ')" = "fetaix: the host refused: this game is shared: join it with the join code shown on the host's screen (typed when asked, or in FETAIX_CODE or --code-file FILE)" ] ||
        fail "joining without the code: $(screen_in bare | head -2)"
    start_in bare_watch "$BIN" watch "$game"
    wait_in bare_watch "^Watch code for $game \(shown on the host's screen\):$"
    keys_in bare_watch Enter
    wait_in bare_watch '^EXITED 1$'
    [ "$($T capture-pane -p -J -t bare_watch | grep '^fetaix: ')" = "fetaix: the host refused: this game is shared: watch it with the watch code shown on the host's screen (typed when asked, or in FETAIX_CODE or --code-file FILE)" ] ||
        fail "watching without the code: $(screen_in bare_watch | head -2)"
    start_in right XDG_STATE_HOME="$STATE/right" "$BIN" join "$game" --code "$code"
    wait_in shared "^User $me asks for the White seat as $me\. Let them in\? \(y/n\)$"
    keys_in shared y
    wait_in shared "^White \($me\) joined\.$"
    wait_in right "^White \\($me\\) to move - your turn"
    # Watching a shared game takes the watch code: the join code is not it.
    start_in peek "$BIN" watch "$game" --code "$code"
    wait_in peek '^fetaix: the host refused: wrong watch code$'
    wait_in peek '^EXITED 1$'
    start_in watcher "$BIN" watch "$game" --code "$watch_code"
    wait_in watcher "^Watching $game: "
    kill_server
}

e2e_net_offers() {
    # u asks the other player for a take-back and d offers a draw: each declined, then accepted.
    settings $'[players]\nwhite = "Amina"\n'
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen --name Youssef
    wait_in host "^Black \(Youssef\) joined \(login $(id -un)\)\.$"
    move_in host d3-c3
    move_in black b3xd3
    wait_in host 'Black plays b3xd3'
    keys_in host u
    wait_in host "^Take-back asked: waiting for Youssef's answer\.$"
    wait_in black '^White \(Amina\) asks to take back their last move\. Accept\? \(y/n\)$'
    keys_in black n
    wait_in black '^You decline the take-back\.$'
    wait_in host "^Black \(Youssef\) declines the take-back\.$"
    wait_in host '1\. d3-c3 +b3xd3'
    keys_in host u
    wait_in black 'asks to take back'
    keys_in black y
    wait_in host "^Black \(Youssef\) accepts the take-back\.$"
    wait_in host '^White \(Amina\) to move - your turn \| White 12, Black 12$'
    wait_in black '^White \(Amina\) to move - waiting for Amina \| White 12, Black 12$'
    screen_in black | grep -q 'd3-c3' && fail "the move taken back is still on black's screen"
    move_in host d3-c3
    keys_in black d
    wait_in black '^Draw offered: waiting for Amina'"'"'s answer\.$'
    wait_in host "^Black \(Youssef\) offers a draw\. Accept\? \(y/n\)$"
    keys_in host n
    wait_in black '^White \(Amina\) declines the draw\.$'
    keys_in black d
    wait_in host 'offers a draw'
    keys_in host y
    wait_in host '^Game over: draw agreed\.$'
    wait_in black '^Game over: draw agreed\.$'
    kill_server
}

e2e_net_clock() {
    # A real three-second clock over host and join: the host's clock decides. The host's first move
    # starts Black's clock, which the joiner's screen counts down by itself; Black never moves, the
    # host declares the loss on time, and both screens say who won on time.
    me=$(id -un)
    settings $'[players]\nwhite = "Amina"\n'
    start_in host "$BIN" host kitchen --clock 0:03
    wait_in host '^Join: fetaix join kitchen'
    wait_in host 'Clock  ○ 0:03\.0   ● 0:03\.0'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    # The joiner and a watcher get the clocks with the game: none runs before the first move.
    wait_in black 'Clock  ○ 0:03\.0   ● 0:03\.0'
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen'
    wait_in watcher 'Clock  ○ 0:03\.0   ● 0:03\.0'
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    wait_in black 'Clock  ○ 0:03\.0  >● 0:02\.[0-9]'
    wait_in black 'Clock  ○ 0:03\.0  >● 0:01\.[0-9]'
    wait_in host 'Clock  ○ 0:03\.0  >● 0:0[01]\.[0-9]'
    wait_in host '^Game over: White \(Amina\) wins on time\.' 10
    wait_in black '^Game over: White \(Amina\) wins on time\.' 10
    wait_in watcher '^Game over: White \(Amina\) wins on time\.' 10
    wait_in watcher 'Clock  ○ 0:03\.0   ● 0:00\.0'
    wait_in host "Time is up for Black \($me\)\."
    wait_in black "Time is up for Black \($me\)\."
    wait_in host 'Clock  ○ 0:03\.0   ● 0:00\.0'
    wait_in black 'Clock  ○ 0:03\.0   ● 0:00\.0'
    # A move after the fall is refused.
    keys_in black ':'
    wait_in black '^Move: _'
    keys_in black -l b3xd3
    keys_in black Enter
    wait_in black 'game is over'
    grep -q '^\[Termination "time forfeit"\]' "$STATE/fetaix/autosave.pdn" || fail "the host's autosave does not say time forfeit"
    grep -q '^\[TimeControl "3"\]' "$STATE/fetaix/autosave.pdn" || fail "the host's autosave has no TimeControl"
    kill_server
}

e2e_net_clock_away() {
    # A game timed by the settings' clock: the joiner's fetaix killed on its own turn; its clock keeps
    # running on the host, which shows how long it has been gone, by the second; a rejoin gets the
    # clocks that ran meanwhile.
    me=$(id -un)
    settings $'clock = "5"\n'
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    pid=$(fetaix_pid black)
    kill -KILL "$pid"
    while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.02; done
    wait_in host "^Black \($me\) disconnected 0:0[0-2] ago, clock running$"
    wait_in host "^Black \($me\) disconnected 0:0[3-9] ago, clock running$"
    # Three seconds gone at least, on Black's clock too.
    wait_in host 'Clock  ○ 5:00  >● 4:([0-4][0-9]|5[0-6])'
    start_in black2 "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    wait_in black2 'Clock  ○ 5:00  >● 4:([0-4][0-9]|5[0-6])'
    kill_server
}

e2e_net_clock_away_host_gone() {
    # A watcher of a timed game whose joiner has gone: once the host is gone too, what the watcher is
    # told about it stays (the time the joiner has been gone, known no more, does not replace it).
    me=$(id -un)
    start_in host "$BIN" host kitchen --clock 5
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: '
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    pid=$(fetaix_pid black)
    kill -KILL "$pid"
    wait_in watcher "^Black \($me\) disconnected 0:0[0-9] ago, clock running$"
    pid=$(fetaix_pid host)
    kill -KILL "$pid"
    wait_in watcher '^Connection to the host lost\. Reconnecting when the host is back; q quits\.$'
    # Watched for two seconds at least, in which the time gone would have been shown again twice.
    deadline=$((SECONDS + 3))
    while ((SECONDS < deadline)); do
        screen_in watcher | grep -q '^Connection to the host lost\. ' ||
            fail "what the watcher was told of the host went: $(screen_in watcher)"
        sleep 0.05
    done
    kill_server
}

e2e_net_watch_news() {
    # A watcher's lines: what its keys do stays when a player joins, and "joined" goes when they leave.
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: \[ \] browse the moves, c chat with the watchers\.$'
    start_in black "$BIN" join kitchen
    wait_in watcher "^Black \($me\) joined\.$"
    wait_in watcher '^Watching kitchen: \[ \] browse the moves, c chat with the watchers\.$'
    pid=$(fetaix_pid black)
    kill -KILL "$pid"
    wait_in watcher "^Black \($me\) disconnected, waiting$"
    wait_gone_in watcher 'joined'
    kill_server
}

e2e_net_keys() {
    # [keys] holds in a game over the network as at one keyboard (the same settings, read once): the
    # host's, the joiner's and the watcher's remapped keys act, and every message naming a key names
    # the one in force.
    settings $'[keys]\nhelp = "z"\nchat = "C"\nresign = "X"\nyes = "j"\nstep-back = "<"\n'
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    keys_in host w
    wait_in host "^'w' does nothing here: press : to type a move, z for the keys\.$"
    keys_in host z
    wait_in host 'Any key closes this page\.|Page 1 of'
    keys_in host Escape
    wait_gone_in host 'Any key closes|Page 1 of'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    wait_in black 'waiting for White'
    keys_in black z
    wait_in black 'Any key closes this page\.|Page 1 of'
    keys_in black Escape
    wait_gone_in black 'Any key closes|Page 1 of'
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: < \] browse the moves, C chat with the watchers\.$'
    keys_in watcher z
    wait_in watcher 'Any key closes this page\.|Page 1 of'
    # The host's n in a game not over, and the questions' yes key.
    keys_in host n
    wait_in host '^A new game once this one is over: X resigns, d offers a draw\.$'
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    keys_in black q
    wait_in black '^Quit\? The host keeps the game: fetaix join kitchen takes your seat back\. \(j/n\)$'
    keys_in black j
    wait_in black '^EXITED 0$'
    kill_server
}

e2e_net_host_sign() {
    # The host's screen always shows how to watch, and how to join while a seat has nobody at it: both
    # before the joiner comes, the watch command alone while both seats are played, both again under
    # who is gone once the joiner has left, and the watch command alone once they are back. A watcher's
    # line of what its keys do stays under who is gone too.
    me=$(id -un)
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen   Watch: fetaix watch kitchen$'
    start_in watcher "$BIN" watch kitchen
    wait_in watcher '^Watching kitchen: \[ \] browse the moves, c chat with the watchers\.$'
    start_in black "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    wait_in host '^Watch: fetaix watch kitchen$'
    screen_in host | grep -q 'Join:' && fail "the host still shows how to join with both seats played"
    pid=$(fetaix_pid black)
    kill -KILL "$pid"
    while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.02; done
    wait_in host "^Black \($me\) disconnected, waiting$"
    wait_in host '^Join: fetaix join kitchen   Watch: fetaix watch kitchen$'
    [ "$(screen_in host | grep -A1 '^Black .* disconnected, waiting$' | tail -1)" = "Join: fetaix join kitchen   Watch: fetaix watch kitchen" ] ||
        fail "who is gone and the commands are not one under the other: $(screen_in host)"
    wait_in watcher "^Black \($me\) disconnected, waiting$"
    wait_in watcher '^Watching kitchen: \[ \] browse the moves, c chat with the watchers\.$'
    start_in black2 "$BIN" join kitchen
    wait_in host "^Black \($me\) joined\.$"
    wait_in host '^Watch: fetaix watch kitchen$'
    wait_gone_in host 'disconnected|Join:'
    kill_server
}

e2e_net_host_lines() {
    # The host's screen: its --name from the start, and the join and watch commands each whole on a line
    # of its own when both do not fit on one; the host's next game is told on the other screens, in
    # place of the news of the last one.
    me=$(id -un)
    game=the-kitchen-table-game
    start_in host "$BIN" host "$game" --name Zed
    wait_in host "^Join: fetaix join $game$"
    wait_in host "^Watch: fetaix watch $game$"
    expect_in() { [ "$(screen_in "$1" | sed -n "$(($2 + 1))p" | sed 's/ *$//')" = "$3" ] || fail "$1 line $2: $(screen_in "$1" | sed -n "$(($2 + 1))p")"; }
    expect_in host 0 "fetaix   ○ White (Zed) to move   ● Black"
    wait_in host '^White \(Zed\) to move - your turn \| White 12, Black 12$'
    start_in watcher "$BIN" watch "$game"
    wait_in watcher "^Watching $game: "
    start_in black "$BIN" join "$game"
    wait_in black 'waiting for Zed'
    wait_in watcher "^Black \($me\) joined\.$"
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    keys_in black R
    wait_in black '^Resign for Black'
    keys_in black y
    wait_in watcher '^Game over: White \(Zed\) wins by resignation\.$'
    wait_in host '^Game over: White \(Zed\) wins by resignation\.$'
    keys_in host n
    wait_in host '^New game\.$'
    wait_in black '^New game\.$'
    wait_in watcher '^New game\.$'
    wait_in black '^White \(Zed\) to move - waiting for Zed \| White 12, Black 12$'
    kill_server
}

e2e_net_host_unfinished() {
    # An unfinished autosaved game is never filed away unasked: fetaix host without --resume or --new
    # refuses to start, naming both, and leaves the saved game as it was; --new keeps it in the history.
    start_in here "$BIN"
    wait_in here '^White to move'
    move_in here c2-c3
    wait_in here '^Black to move'
    keys_in here q
    wait_in here '^Quit\? The game is saved'
    keys_in here y
    wait_in here '^EXITED 0$'
    before=$(md5sum <"$STATE/fetaix/autosave.pdn")
    start_in host "$BIN" host kitchen
    wait_in host '^EXITED 1$'
    # Joined as written, whatever the width wrapped.
    shown=$($T capture-pane -p -J -t host)
    expected="fetaix: an unfinished game is saved in $STATE/fetaix/autosave.pdn (1 move): fetaix host kitchen --resume hosts it, fetaix host kitchen --new keeps it in the game history and hosts a new game"
    [[ $shown == *"$expected"* ]] || fail "expected '$expected', saw: $shown"
    [ "$(md5sum <"$STATE/fetaix/autosave.pdn")" = "$before" ] || fail "the refused host changed the autosave"
    [ -z "$(ls -A "$STATE/fetaix/games" 2>/dev/null)" ] || fail "the refused host filed a game: $(ls "$STATE/fetaix/games")"
    start_in host2 "$BIN" host kitchen --new
    wait_in host2 '^The unfinished game \(1 move\) is kept in the game history'
    wait_in host2 '^Join: fetaix join kitchen'
    [ "$(ls -A "$STATE/fetaix/games" | wc -l)" = 1 ] || fail "--new did not keep the game: $(ls -A "$STATE/fetaix/games")"
    kill_server
}

e2e_net_host_taken_back() {
    # A saved game whose every move was taken back is still unfinished (its moves are there to redo):
    # the refusal says so rather than "0 moves".
    start_in here "$BIN"
    wait_in here '^White to move'
    move_in here c2-c3
    wait_in here '^Black to move'
    keys_in here u
    wait_in here '^White to move'
    keys_in here q
    wait_in here '^EXITED 0$'
    start_in host "$BIN" host kitchen
    wait_in host '^EXITED 1$'
    shown=$($T capture-pane -p -J -t host)
    expected="fetaix: an unfinished game is saved in $STATE/fetaix/autosave.pdn (every move taken back, 1 move to redo): fetaix host kitchen --resume hosts it"
    [[ $shown == *"$expected"* ]] || fail "expected '$expected', saw: $shown"
    # --new keeps it, as it keeps any unfinished game.
    start_in host2 "$BIN" host kitchen --new
    wait_in host2 '^Join: fetaix join kitchen'
    [ "$(ls -A "$STATE/fetaix/games" | wc -l)" = 1 ] || fail "--new did not keep the game: $(ls -A "$STATE/fetaix/games")"
    kill_server
}
