# Who may reach a game over the network: a hostile peer, a shared game of another user, a token
# file that is no regular file, a code kept off the command line, an impostor at a private socket.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_net_hostile() {
    # Hostile and broken clients against a real host, all at once (tests/e2e/hostile.py): random bytes,
    # an endless line, half a line then silence, a client that never reads, 150 connections. The
    # players' screens keep answering and their moves go through meanwhile; each is ended by its limit.
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black "$BIN" join kitchen
    wait_in host 'joined\.$'
    /usr/bin/python3 "$(dirname "$0")/hostile.py" "$RUNTIME/fetaix/kitchen.sock" >"$STATE/hostile.out" 2>&1 &
    hostile=$!
    deadline=$((SECONDS + 10))
    until grep -qs '^ready$' "$STATE/hostile.out"; do
        ((SECONDS < deadline)) || fail "the hostile clients did not start: $(cat "$STATE/hostile.out")"
        sleep 0.05
    done
    move_in host d3-c3
    wait_in black 'White plays d3-c3'
    move_in black b3xd3
    wait_in host 'Black plays b3xd3'
    # The help page opens and closes: the screens answer keys.
    keys_in black '?'
    wait_in black 'Keys'
    keys_in black q
    wait_gone_in black 'Keys'
    wait "$hostile" || fail "hostile.py failed: $(cat "$STATE/hostile.out")"
    out=$(sed 1d "$STATE/hostile.out")
    echo "$out" | sed -n 1p | grep -qE '^random: error text="' || fail "random bytes: $out"
    [ "$(echo "$out" | sed -n 2,5p)" = 'endless: error text="line longer than 4096 bytes"
half: error text="half a line, then nothing for 10000 ms"
mute: error text="no hello within 5000 ms"
noread: left unread for 6 s' ] || fail "not the endings expected: $out"
    [ "$(echo "$out" | sed -n 6p)" = 'many: over the limit: error text="too many connections (100): try again later"; the others: error text="no hello within 5000 ms"' ] ||
        fail "many connections: $out"
    move_in host e3xc3
    wait_in black 'White plays e3xc3'
    kill_server
}

e2e_net_shared_other_user() {
    # A shared game joined by another user (peer credentials: the host sees the login) whom the host's
    # player refuses: told so, and the seat stays free.
    game="e2e-$$"
    start_in host "$BIN" host "$game" --shared
    wait_in host "^Join: fetaix join $game, code [a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$"
    code=$(shown_code host Join)
    mkdir -m 777 "$STATE/other"
    other=$(id -un)
    [ "$(id -u)" = 0 ] && other=nobody
    start_in other XDG_STATE_HOME="$STATE/other" XDG_RUNTIME_DIR= $(as_player "$(player_program)") join "$game" --code "$code"
    wait_in host "^User $other asks for the Black seat as $other\. Let them in\? \(y/n\)$"
    wait_in other '^waiting for White to accept'
    keys_in host n
    wait_in other "^fetaix: the host refused: White refused to let you in$"
    wait_in other '^EXITED 1$'
    [ "$("$BIN" hosts | grep "^$game ")" = "$game   White White, Black (free)   0 moves, White to move   0 watchers   shared (a code is needed)" ] ||
        fail "fetaix hosts: $("$BIN" hosts)"
    # One user other than the host's holds 20 connections at most: the other slots stay for the others.
    install -m 755 "$(dirname "$0")/hostile.py" "$STATE/hostile.py"
    counted=$($(as_player /usr/bin/python3 "$STATE/hostile.py" "/tmp/fetaix-shared/$game.sock" count 30))
    if [ "$other" = "$(id -un)" ]; then
        expected="30 kept, 0 refused: []"  # the host's own user: only the overall limit (100)
    else
        expected="20 kept, 10 refused: ['error text=\"too many connections from $other (20): try again later\"']"
    fi
    [ "$counted" = "$expected" ] || fail "one user's connections: $counted"
    kill_server
}

e2e_net_token_not_regular() {
    # The seat token (a file fetaix writes in its folder): a FIFO in its place is refused
    # and never waited on (the joiner once hung there), a symbolic link is not followed.
    mkdir -p "$STATE/black/fetaix/seats"
    mkfifo "$STATE/black/fetaix/seats/kitchen.token"
    start_in host "$BIN" host kitchen
    wait_in host '^Join: fetaix join kitchen'
    start_in black XDG_STATE_HOME="$STATE/black" "$BIN" join kitchen
    wait_in black '^cannot keep the seat token: the token file is not a regular file:'
    wait_in black 'to move - waiting for'
    keys_in black q
    wait_in black 'EXITED'
    printf 'precious\n' >"$STATE/victim"
    ln -s "$STATE/victim" "$STATE/black/fetaix/seats/attic.token"
    start_in host2 XDG_STATE_HOME="$STATE/host2" "$BIN" host attic
    wait_in host2 '^Join: fetaix join attic'
    start_in black2 XDG_STATE_HOME="$STATE/black" "$BIN" join attic
    wait_in black2 '^cannot keep the seat token: the token file is a symbolic link \(not followed\):'
    [ "$(cat "$STATE/victim")" = precious ] || fail "the link's target was written: $(cat "$STATE/victim")"
    # A token kept, then replaced by a link: not read through it, and the refusal of the seat held for
    # its owner says why the token was not sent (it said only that the seat was held).
    start_in host3 XDG_STATE_HOME="$STATE/host3" "$BIN" host cellar
    wait_in host3 '^Join: fetaix join cellar'
    start_in black3 XDG_STATE_HOME="$STATE/black3" "$BIN" join cellar --name Omar
    wait_in black3 'to move - waiting for'
    keys_in black3 q
    wait_in black3 'EXITED'
    token="$STATE/black3/fetaix/seats/cellar.token"
    mv "$token" "$STATE/kept.token"
    ln -s "$STATE/kept.token" "$token"
    start_in black4 XDG_STATE_HOME="$STATE/black3" "$BIN" join cellar --name Omar
    wait_in black4 '^EXITED 1$'
    [ "$($T capture-pane -p -J -t black4 | grep '^fetaix: ')" = "fetaix: the host refused: no seat is free: the black seat is held for Omar, who may come back (the seat token is a symbolic link (not followed): $token)" ] ||
        fail "rejoining with the token a link: $($T capture-pane -p -J -t black4 | grep '^fetaix: ')"
    kill_server
}

e2e_net_code_kept_off() {
    # A code need not be on the command line, which every user reads: typed when asked
    # (not echoed), from FETAIX_CODE, or from --code-file FILE.
    game="e2e-$$"
    start_in host "$BIN" host "$game" --shared
    wait_in host "^Watch: fetaix watch $game, code "
    join_code=$(shown_code host Join)
    watch_code=$(shown_code host Watch)
    start_in watcher "$BIN" watch "$game"
    wait_in watcher "^Watch code for $game \(shown on the host's screen\):$"
    keys_in watcher -l "$watch_code"
    screen_in watcher | grep -qF "$watch_code" && fail "the code typed was shown"
    keys_in watcher Enter
    wait_in watcher "^Watching $game: "
    start_in black FETAIX_CODE="$join_code" XDG_STATE_HOME="$STATE/black" "$BIN" join "$game"
    wait_in host 'Let them in\? \(y/n\)$'
    grep -qF "$join_code" "/proc/$(fetaix_pid black)/cmdline" && fail "the code is on the command line"
    keys_in host y
    wait_in black 'waiting for White'
    printf '%s\n' "$watch_code" >"$STATE/code"
    start_in second "$BIN" watch "$game" --code-file "$STATE/code"
    wait_in second "^Watching $game: "
    # A code file that is not one: said, and nothing started.
    said=$("$BIN" watch "$game" --code-file "$STATE" 2>&1)
    status=$?
    [ "$said" = "fetaix: --code-file: $STATE is a folder, not a code file" ] || fail "--code-file a folder: $said"
    [ "$status" = 2 ] || fail "--code-file a folder: exit status $status"
    kill_server
}

e2e_net_private_impostor() {
    # Another user who makes the joiner's private folder, or listens in it, is not
    # sent the joiner's hello (its code, its seat token): the folder must be the joiner's own and 0700,
    # and the listener the joiner's own user (SO_PEERCRED).
    [ "$(id -u)" = 0 ] || cannot_test "a listener of another user" "it needs two users (run as root: the player is nobody)"
    program=$(player_program)
    rt="$STATE/rt"
    mkdir -m 755 "$rt"
    mkdir -m 777 "$STATE/player"
    # The impostor (root here): listens at PATH and appends all it hears to HEARD, until killed.
    impostor() {
        python3 -c '
import os, socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o666)
s.listen()
while True:
    c, _ = s.accept()
    c.settimeout(3)
    try:
        while True:
            d = c.recv(4096)
            if not d:
                break
            with open(sys.argv[2], "ab") as heard:
                heard.write(d)
    except socket.timeout:
        pass
    c.close()
' "$1" "$2" &
        impostor_pid=$!
        trap 'kill "$impostor_pid" 2>/dev/null; cleanup' EXIT
        local deadline=$((SECONDS + 30))  # python starting on a loaded machine: seconds
        until [ -S "$1" ]; do
            ((SECONDS < deadline)) || fail "the impostor did not listen"
            sleep 0.02
        done
    }
    # What session NAME's fetaix said before it exited 1, its lines joined (a long one wraps).
    said_in() {
        wait_in "$1" '^EXITED 1$'
        screen_in "$1" | sed '/^$/,$d' | tr -d '\n'
    }
    # A private folder made by another user, open to all.
    mkdir -m 777 "$rt/fetaix"
    impostor "$rt/fetaix/kitchen.sock" "$STATE/heard"
    start_in one XDG_STATE_HOME="$STATE/player" XDG_RUNTIME_DIR="$rt" $(as_player "$program") join kitchen
    said=$(said_in one)
    [ "$said" = "fetaix: $rt/fetaix belongs to another user: refusing to use it" ] || fail "joining: $said"
    kill "$impostor_pid"
    wait "$impostor_pid" 2>/dev/null
    [ ! -e "$STATE/heard" ] || fail "the impostor heard: $(cat "$STATE/heard")"
    # The joiner's own folder, 0700, but another user (root may) listens in it.
    rm -rf "$rt/fetaix"
    mkdir -m 700 "$rt/fetaix"
    chown nobody "$rt/fetaix"
    impostor "$rt/fetaix/kitchen.sock" "$STATE/heard"
    start_in two XDG_STATE_HOME="$STATE/player" XDG_RUNTIME_DIR="$rt" $(as_player "$program") join kitchen
    said=$(said_in two)
    [ "$said" = "fetaix: the game at $rt/fetaix/kitchen.sock is run by another user (root): refusing to talk to it" ] ||
        fail "joining: $said"
    # fetaix hosts does not ask it either.
    hosts=$(env XDG_RUNTIME_DIR="$rt" $(as_player "$program") hosts 2>&1)
    [ "$(echo "$hosts" | grep '^kitchen ')" = "kitchen   the game at $rt/fetaix/kitchen.sock is run by another user (root): refusing to talk to it" ] ||
        fail "fetaix hosts: $hosts"
    kill "$impostor_pid"
    wait "$impostor_pid" 2>/dev/null
    [ ! -e "$STATE/heard" ] || fail "the impostor heard: $(cat "$STATE/heard")"
    kill_server
}
