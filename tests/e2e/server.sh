# The SSH server, through the real OpenSSH client: visitors in tmux windows, the server in the
# background on a port of its own, its log read for what it refused.

# start_server [ARGS...]: fetaix serve on 127.0.0.1 and a free port, a fresh data folder ($SERVER_DATA),
# its log in $SERVER_LOG; waits until it listens and sets $PORT and $SERVER_PID. Keys a and b are made
# for the visitors (ssh_as).
start_server() {
    SERVER_DATA=${SERVER_DATA:-$(mktemp -d)}
    SERVER_LOG=$SERVER_DATA.log
    KEYS=$(mktemp -d)
    ssh-keygen -q -t ed25519 -N '' -f "$KEYS/a" -C a || fail "ssh-keygen"
    ssh-keygen -q -t ed25519 -N '' -f "$KEYS/b" -C b || fail "ssh-keygen"
    ssh-keygen -q -t ed25519 -N '' -f "$KEYS/c" -C c || fail "ssh-keygen"
    $BIN serve --listen 127.0.0.1 --port 0 --data "$SERVER_DATA" "$@" >"$SERVER_LOG.out" 2>"$SERVER_LOG" &
    SERVER_PID=$!
    local deadline=$((SECONDS + 10))
    until grep -q '^fetaix serve: listening on' "$SERVER_LOG.out" 2>/dev/null; do
        ((SECONDS < deadline)) || fail "the server did not start: $(cat "$SERVER_LOG")"
        kill -0 "$SERVER_PID" 2>/dev/null || fail "the server ended: $(cat "$SERVER_LOG")"
        sleep 0.05
    done
    PORT=$(sed -n 's/^fetaix serve: listening on 127.0.0.1 port \([0-9]*\) .*/\1/p' "$SERVER_LOG.out")
    [ -n "$PORT" ] || fail "no port in: $(cat "$SERVER_LOG.out")"
    trap 'stop_server; cleanup' EXIT
}

stop_server() {
    [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    rm -rf "${KEYS:-}" "${SERVER_DATA:-}" "${SERVER_LOG:-}" "${SERVER_LOG:-}.out"
}

# ssh_command KEY: the client, with no user configuration, key KEY only, the server's key learnt on
# first use into the test's own known_hosts.
ssh_command() {
    echo "ssh -F /dev/null -i $KEYS/$1 -o IdentitiesOnly=yes -o IdentityAgent=none -o BatchMode=yes" \
        "-o UserKnownHostsFile=$KEYS/known_hosts -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR -p $PORT"
}

# ssh_as KEY [ARGS...]: the client run here, its output and status as they are.
ssh_as() {
    local key=$1
    shift
    timeout 20 $(ssh_command "$key") "$@"
}

# visit SESSION KEY COLUMNS ROWS [ARGS...]: a visitor's ssh in a tmux session of that size; its exit
# status shows as "EXITED N".
visit() {
    local session=$1 key=$2 columns=$3 rows=$4
    shift 4
    $T -u new-session -d -s "$session" -x "$columns" -y "$rows" \
        "TERM=xterm-256color $(ssh_command "$key") -t $* 127.0.0.1; echo EXITED \$?; sleep 30"
}

# in SESSION wait_for|wait_gone|screen|keys ...: a helper of lib.sh on another visitor's window.
on() {
    local session=$1
    shift
    screen() { $T capture-pane -p -t "$session"; }
    keys() { $T send-keys -t "$session" "$@"; }
    "$@"
    screen() { $T capture-pane -p -t e2e; }
    keys() { $T send-keys -t e2e "$@"; }
}

# expect_log REGEX: the server's log says it, within a few seconds.
expect_log() {
    local deadline=$((SECONDS + 5))
    until grep -qE -- "$1" "$SERVER_LOG"; do
        ((SECONDS < deadline)) || fail "the server's log does not say /$1/: $(cat "$SERVER_LOG")"
        sleep 0.05
    done
}

e2e_serve_refuses() {
    start_server
    local out
    # A command of the visitor's own, and sftp: refused, and the server says so.
    out=$(ssh_as a 127.0.0.1 cat /etc/passwd 2>&1) && fail "exec was let through: $out"
    grep -q 'exec request failed' <<<"$out" || fail "exec: $out"
    grep -q 'root:' <<<"$out" && fail "exec ran: $out"
    expect_log "refused the command 'cat /etc/passwd'"
    out=$(timeout 20 sftp -F /dev/null -i "$KEYS/a" -o IdentitiesOnly=yes -o BatchMode=yes \
        -o UserKnownHostsFile="$KEYS/known_hosts" -o StrictHostKeyChecking=accept-new -P "$PORT" 127.0.0.1 2>&1 </dev/null) &&
        fail "sftp was let through: $out"
    grep -q 'subsystem request failed' <<<"$out" || fail "sftp: $out"
    expect_log "refused the subsystem 'sftp'"
    # Port forwarding both ways.
    out=$(ssh_as a -W 127.0.0.1:22 127.0.0.1 2>&1 </dev/null) && fail "-W was let through: $out"
    grep -q 'stdio forwarding failed' <<<"$out" || fail "-W: $out"
    expect_log 'refused port forwarding \(a direct-tcpip channel\)'
    out=$(ssh_as a -o ExitOnForwardFailure=yes -R 0:127.0.0.1:22 -N 127.0.0.1 2>&1) && fail "-R was let through: $out"
    grep -q 'remote port forwarding failed' <<<"$out" || fail "-R: $out"
    expect_log 'refused remote port forwarding \(tcpip-forward\)'
    # No key: without --guests, only keys are taken (no keyboard-interactive, no password).
    out=$(timeout 20 ssh -F /dev/null -o PubkeyAuthentication=no -o IdentityAgent=none \
        -o UserKnownHostsFile="$KEYS/known_hosts" -o StrictHostKeyChecking=accept-new -p "$PORT" -T 127.0.0.1 \
        2>&1 </dev/null) && fail "a visitor without a key was let in: $out"
    grep -q 'Permission denied (publickey)\.' <<<"$out" || fail "no key: $out"
    # A shell without a terminal: told how to connect, and ended with status 1.
    out=$(ssh_as a -T 127.0.0.1 2>&1 </dev/null)
    [ $? -eq 1 ] || fail "ssh -T: status $?: $out"
    grep -q 'this server is played in a terminal: connect with ssh -t' <<<"$out" || fail "ssh -T: $out"
    # Agent and X11 forwarding asked for alongside the game: refused, and the game is drawn anyway.
    eval "$(ssh-agent -s)" >/dev/null
    $T -u new-session -d -s e2e -x 80 -y 24 \
        "DISPLAY=:7 SSH_AUTH_SOCK=$SSH_AUTH_SOCK TERM=xterm-256color $(ssh_command a | sed 's/-o IdentityAgent=none//') -t -A -X 127.0.0.1; echo EXITED \$?; sleep 30"
    wait_for 'choose the name you will play under' 10
    expect_log 'refused X11 forwarding'
    expect_log 'refused agent forwarding'
    ssh-agent -k >/dev/null
}

e2e_serve_first_visit() {
    start_server --name kasbah
    visit e2e a 80 24
    wait_for 'fetaix server kasbah' 10
    expect_line 2 "  Welcome. This key is new here: choose the name you will play under."
    # A name the rules refuse, then a good one.
    keys -l 'guest-7'
    keys Enter
    wait_for "^  Names starting with guest- are the guests'\\.\$"
    keys C-u BSpace BSpace BSpace BSpace BSpace BSpace BSpace
    keys -l 'Youssef'
    keys Enter
    wait_for 'You are Youssef$'
    wait_for '^    Youssef \(in the lobby\)$'
    # The second visitor may not take the same name in another letter case.
    visit b b 100 30
    on b wait_for 'choose the name you will play under' 10
    on b keys -l 'YOUSSEF'
    on b keys Enter
    on b wait_for '^  The name YOUSSEF is taken\.$'
    on b keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace
    on b keys -l 'Amina'
    on b keys Enter
    on b wait_for '^  Online \(2\)'
    wait_for '^    Youssef \(in the lobby\), Amina \(in the lobby\)$'
    # Amina leaves: her ssh ends with status 0 and the lobby no longer lists her.
    on b keys q
    on b wait_for '^EXITED 0'
    wait_gone 'Amina'
    # The window follows the visitor's size.
    $T resize-window -t e2e -x 60 -y 15
    wait_for '^Up/Down Enter'
    expect_line 14 "Up/Down Enter  n seek  c code  l ratings  ? keys  q leaves"
    # Youssef's key comes back later: no question, his name.
    keys q
    wait_for '^EXITED 0'
    $T kill-session -t e2e
    visit e2e a 80 24
    wait_for 'You are Youssef$' 10
    # The host key the client learnt is the one the server prints, kept private in the data folder.
    local learnt printed
    learnt=$(ssh-keygen -lf "$KEYS/known_hosts" | awk '{print $2}')
    printed=$($BIN serve --fingerprint --data "$SERVER_DATA")
    [ -n "$learnt" ] && [ "$learnt" = "$printed" ] || fail "fingerprint: client learnt '$learnt', serve prints '$printed'"
    grep -q "^host key $printed\$" "$SERVER_LOG.out" || fail "the start did not print $printed"
    [ "$(stat -c %a "$SERVER_DATA/ssh_host_ed25519_key")" = 600 ] || fail "host key mode $(stat -c %a "$SERVER_DATA/ssh_host_ed25519_key")"
    [ "$(stat -c %a "$SERVER_DATA/fetaix.db")" = 600 ] || fail "database mode $(stat -c %a "$SERVER_DATA/fetaix.db")"
}

e2e_serve_ban() {
    start_server
    visit e2e a 80 24
    wait_for 'choose the name you will play under' 10
    keys -l 'Karim'
    keys Enter
    wait_for 'You are Karim$'
    keys q
    wait_for '^EXITED 0'
    local out
    out=$($BIN serve ban karim --data "$SERVER_DATA") || fail "ban: $out"
    [ "$out" = "Karim is banned: their keys are refused." ] || fail "ban said: $out"
    out=$($BIN serve players --data "$SERVER_DATA")
    [ "$out" = "Karim   banned" ] || fail "players: $out"
    # Refused at authentication: the client is told no key worked.
    out=$(ssh_as a -t 127.0.0.1 2>&1 </dev/null) && fail "a banned key got in: $out"
    grep -q 'Permission denied (publickey)' <<<"$out" || fail "banned: $out"
    expect_log 'refused the banned key of Karim'
    out=$($BIN serve ban nobody --data "$SERVER_DATA" 2>&1) && fail "banning nobody succeeded"
    [ "$out" = "fetaix serve: no player is named nobody" ] || fail "ban nobody: $out"
    $BIN serve unban Karim --data "$SERVER_DATA" >/dev/null || fail "unban"
    $T kill-session -t e2e
    visit e2e a 80 24
    wait_for 'You are Karim$' 10
}

e2e_serve_terminal_types() {
    start_server
    local out
    # A terminal type the server has no description of: said, and the connection ends.
    out=$(TERM=no-such-term timeout 20 script -qec "$(ssh_command a) -t 127.0.0.1" /dev/null 2>&1)
    grep -q "unknown terminal type 'no-such-term'; set TERM to one this server knows" <<<"$out" || fail "unknown TERM: $out"
    # vt100's description pads its sequences with delays ($<5>): none of that reaches the screen.
    $T -u new-session -d -s e2e -x 80 -y 24 "TERM=vt100 $(ssh_command a) -t 127.0.0.1; echo EXITED \$?; sleep 30"
    wait_for 'choose the name you will play under' 10
    expect_line 0 "  fetaix server $(hostname)"
    screen | grep -qF '$<' && fail "padding drawn on a vt100"
    keys C-c
    wait_for '^EXITED 0'
}

# name SESSION NAME: the first visit's question answered.
name_as() {
    on "$1" wait_for 'choose the name you will play under' 10
    on "$1" keys -l "$2"
    on "$1" keys Enter
    on "$1" wait_for "^  fetaix server .* You are $2\$"
}

# move_on SESSION MOVE: typed at the move prompt.
move_on() {
    on "$1" keys ':'
    on "$1" wait_for '^Move: '
    on "$1" keys -l "$2"
    on "$1" keys Enter
    on "$1" wait_gone '^Move: '
}

e2e_serve_game() {
    # Two players meet in the lobby through a seek and play a whole game; a third watches it; a player's
    # dropped connection lands back at their seat.
    start_server --name kasbah
    visit e2e a 80 24
    name_as e2e Youssef
    visit black b 80 24
    name_as black Amina
    visit watcher c 80 24
    name_as watcher Karim
    # Youssef seeks a 10+5 game as White: the next clock, then the side.
    keys n
    wait_for '^    > Clock: +< untimed >'
    keys Right Right Right Right Down Right
    wait_for '^    > Side: +< White >'
    expect_line 3 "      Clock:             < 10+5 >"
    keys Enter
    on black wait_for '^  > Youssef   10\+5, plays White, rated$'
    on watcher wait_for '^  > Youssef   10\+5, plays White, rated$'
    wait_for '^  > Youssef   10\+5, plays White, rated   yours: Enter withdraws it$'
    # Amina accepts: both are taken to the game, each with their own side at the bottom.
    on black keys Enter
    on black wait_for '^White \(Youssef\) to move - waiting for Youssef \| White 12, Black 12$'
    wait_for '^White \(Youssef\) to move - your turn \| White 12, Black 12$'
    [ "$(screen | sed -n 3p | sed 's/ *$//')" = "5   ●─────●─────●─────●─────●" ] || fail "white's board is turned"
    [ "$(on black screen | sed -n 3p | sed 's/ *$//')" = "1   ○─────○─────○─────○─────○" ] || fail "black's board is not turned"
    # What a visitor's screen does not offer says why: no engine's hint between people, no files, and a
    # new game is the lobby's.
    keys H
    wait_for '^No hints in a game on the server: it is between people\.$'
    keys s
    wait_for '^No saving here: the server keeps every game \(its operator can export them\)\.$'
    # Karim sees it in progress and watches.
    on watcher wait_for '^  > Youssef - Amina   0 moves, White to move'
    on watcher keys Enter
    on watcher wait_for '^Watching Youssef - Amina: \[ \] browse the moves, c chats with the watchers\.$'
    white=(d3-c3 e3xc3 c3xe3 e3xc5 c5xc3xe5xe3 e3xa3xc5xe5 e5xa5xa3xc5)
    black=(b3xd3 d4-d3 c5-d4 e5-d4 a3-b3 a5-b4)
    for i in "${!white[@]}"; do
        wait_for 'to move - your turn'
        move_on e2e "${white[$i]}"
        on black wait_for "White plays ${white[$i]}"
        on watcher wait_for "${white[$i]}"
        [ "$i" -lt "${#black[@]}" ] || break
        if [ "$i" = 2 ]; then
            # Amina's connection drops: her seat waits, her clock runs; the same key brings her back to it.
            $T kill-session -t black
            wait_for 'Black \(Amina\) disconnected'
            visit black b 80 24
            on black wait_for '^Black \(Amina\) to move - your turn' 10
            wait_for 'Black \(Amina\) joined\.'
        fi
        on black wait_for "to move - your turn"
        move_on black "${black[$i]}"
        wait_for "Black plays ${black[$i]}"
        on watcher wait_for "${black[$i]}"
    done
    wait_for '^Game over: White \(Youssef\) wins by all pieces captured\.$'
    on black wait_for '^Game over: White \(Youssef\) wins by all pieces captured\.$'
    on watcher wait_for '^Game over: White \(Youssef\) wins by all pieces captured\.$'
    expect_log 'game [0-9]+: Youssef - Amina, 10\+5'
    # A rated 10+5 game: both players' ratings move as Glicko-2 has it for two new players (1500, 350,
    # 0.06; a win takes the winner to 1662.3 and the loser to 1337.7, both deviations to 290.3).
    expect_log 'game 1 rated \(rapid, standard\): Youssef 1500 -> 1662, Amina 1500 -> 1338'
    # The archive: the game as PDN, with the players, their ratings as it began and the clocks.
    local exported
    exported=$($BIN serve export --data "$SERVER_DATA") || fail "export"
    grep -q '^\[White "Youssef"\]$' <<<"$exported" || fail "export: $exported"
    grep -q '^\[WhiteRating "1500"\]$' <<<"$exported" || fail "export: $exported"
    grep -q '^\[BlackRating "1500"\]$' <<<"$exported" || fail "export: $exported"
    grep -q '^\[TimeControl "600+5"\]$' <<<"$exported" || fail "export: $exported"
    grep -q '^\[Result "1-0"\]$' <<<"$exported" || fail "export: $exported"
    grep -q '{\[%clock ' <<<"$exported" || fail "export has no clocks: $exported"
    [ "$($BIN serve export --player Karim --data "$SERVER_DATA")" = "" ] || fail "Karim played no game"
    # The file exported reads back as the game played.
    echo "$exported" >"$SERVER_DATA.pdn"
    $BIN check "$SERVER_DATA.pdn" >/dev/null || fail "fetaix check: $($BIN check "$SERVER_DATA.pdn" 2>&1)"
    rm -f "$SERVER_DATA.pdn"
    # Back in the lobby, the game is nobody's to return to.
    keys q
    wait_for '^  Open seeks'
    grep -q 'Your games' <<<"$(screen)" && fail "a finished game is offered to return to"
    wait_for '^    Youssef \(in the lobby\), Karim \(watching\), Amina \(after a game\)$'
    # Once nobody looks at it, the finished game leaves the lobby.
    on black keys q
    on watcher keys q
    wait_for '^  Games \(Enter watches\)$'
    wait_gone 'Youssef - Amina'
    # The leaderboard.
    keys l
    wait_for '^  Leaderboard$'
    expect_line 3 "    Rapid"
    expect_line 4 "     1. Youssef   1662 (+/-581)   1 game"
    expect_line 5 "     2. Amina     1338 (+/-581)   1 game"
    keys l
    wait_for '^  Open seeks'
    return 0
}

e2e_serve_restart() {
    # The server killed with SIGKILL mid-game loses nothing: started again on the same data and port,
    # it hosts the game where it stood, and each player's key takes them back to their seat.
    start_server
    visit e2e a 80 24
    name_as e2e Youssef
    visit black b 80 24
    name_as black Amina
    keys n
    wait_for '^    > Clock: +< untimed >'
    keys Right Right Right Down Right Enter
    on black wait_for '^  > Youssef   5\+3, plays White, rated$'
    on black keys Enter
    wait_for '^White \(Youssef\) to move - your turn'
    move_on e2e d3-c3
    on black wait_for 'White plays d3-c3'
    move_on black b3xd3
    wait_for 'Black plays b3xd3'
    kill -9 "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null
    wait_for '^EXITED 255'
    on black wait_for '^EXITED 255'
    $BIN serve --listen 127.0.0.1 --port "$PORT" --data "$SERVER_DATA" >"$SERVER_LOG.out" 2>>"$SERVER_LOG" &
    SERVER_PID=$!
    expect_log 'game 1: Youssef - Amina goes on \(2 plies\)'
    $T kill-session -t e2e
    $T kill-session -t black
    visit e2e a 80 24
    visit black b 80 24
    wait_for '^White \(Youssef\) to move - your turn - capture compulsory \| White 11, Black 12$' 10
    on black wait_for '^White \(Youssef\) to move - waiting for Youssef \| White 11, Black 12$' 10
    wait_for '1\. d3-c3 +b3xd3'
    # The clocks go on from where they stood after the last move (Amina's with her bonus), White's running.
    wait_for 'Clock >○ [45]:[0-9][0-9]   ● 5:0[0-3]'
    move_on e2e e3xc3
    on black wait_for 'White plays e3xc3, taking d3\.'
    # The database holds the game as it stands, its clocks after every move.
    local record
    record=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT record FROM games WHERE id = 1").fetchone()[0])' \
        "$SERVER_DATA/fetaix.db" | sed -n '/^1\. /,$p' | tr '\n' ' ')
    grep -qE '^1\. d3-c3 \{\[%clock w0:05:00 B0:05:00\]\} b3xd3 \{\[%clock W0:05:00 b0:05:0[0-9.]+\]\} 2\. e3xc3 \{\[%clock w[0-9:.]+ B[0-9:.]+\]\} \* *$' <<<"$record" ||
        fail "stored: $record"
}

# begin_game: Youssef (key a, this window) and Amina (key b, window black) meet through an untimed
# seek of Youssef's as White and are at the board.
begin_game() {
    visit e2e a 80 24
    name_as e2e Youssef
    visit black b 80 24
    name_as black Amina
    keys n
    wait_for '^    > Clock: +< untimed >'
    keys Down Right Enter
    on black wait_for '^  > Youssef   untimed, plays White, rated$'
    on black keys Enter
    wait_for '^White \(Youssef\) to move - your turn'
}

# hostile PYTHON: a hostile client's script, run against the server's port ($PORT in its argv[1]).
hostile() {
    timeout 60 python3 -c "$1" "$PORT" || fail "hostile client: $1"
}

e2e_serve_hostile() {
    # Garbage, silent connections, more connections than an address may have, a flood of tries: each
    # is dropped or refused, and the game in progress goes on meanwhile.
    start_server --max-per-address 6 --auth-per-minute 20 --handshake-timeout 2
    begin_game
    # Random bytes instead of SSH: the connection is closed.
    hostile '
import os, socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.settimeout(10)
try:
    s.sendall(os.urandom(8192))
    while s.recv(4096): pass
except ConnectionResetError:
    pass  # closed with bytes unread: a reset
'
    # Four silent connections (slow-loris: a banner, then nothing): each dropped after the 2 s limit.
    hostile '
import socket, sys, time
socks = [socket.create_connection(("127.0.0.1", int(sys.argv[1]))) for _ in range(4)]
start = time.monotonic()
for s in socks:
    s.sendall(b"SSH-2.0-slow\r\n")
    s.settimeout(10)
for s in socks:
    try:
        while s.recv(4096): pass
    except ConnectionResetError:
        pass
took = time.monotonic() - start
assert 1.5 < took < 8, took
'
    expect_log 'dropped: no authentication in 2 s'
    # The players hold two of the address's six connections: of ten more at once, four are let in and
    # six refused at once.
    hostile '
import socket, sys, time
socks = [socket.create_connection(("127.0.0.1", int(sys.argv[1]))) for _ in range(10)]
time.sleep(0.5)
closed = 0
for s in socks:
    s.setblocking(False)
    try:
        closed += s.recv(4096) == b""
    except ConnectionResetError:
        closed += 1
    except BlockingIOError:
        pass
assert closed == 6, closed
'
    expect_log 'refused a connection: too many connections from there'
    # The game went on through all of it.
    move_on e2e d3-c3
    on black wait_for 'White plays d3-c3'
    # A flood of tries: beyond 20 connections a minute from one address, each is refused.
    hostile '
import socket, sys
refused = 0
for _ in range(30):
    s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
    s.settimeout(5)
    try:
        refused += s.recv(4096) == b""
    except ConnectionResetError:
        refused += 1
    s.close()
assert refused >= 1, refused
'
    expect_log 'refused a connection: too many tries a minute from there'
    # Still answering the players.
    move_on black b3xd3
    wait_for 'Black plays b3xd3'
    kill -0 "$SERVER_PID" || fail "the server died"
}
