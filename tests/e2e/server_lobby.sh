# The SSH server's lobby beyond public seeks: private games found by their code, seeks with rule
# switches, guests without a key (the helpers are server.sh's).

# visit_guest SESSION COLUMNS ROWS [ARGS...]: a visitor without a key (no key offered: the server's
# keyboard-interactive with no question). Not in batch mode: it leaves keyboard-interactive out.
visit_guest() {
    local session=$1 columns=$2 rows=$3
    shift 3
    visitor_window "$session" "$columns" "$rows" "ssh -F /dev/null -o PubkeyAuthentication=no -o IdentityAgent=none \
-o UserKnownHostsFile=$KEYS/known_hosts -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR -p $PORT -t $* 127.0.0.1"
}

# visit_with SESSION KEY COLUMNS ROWS COMMAND...: a visitor asking for COMMAND on ssh's command line.
visit_with() {
    local session=$1 key=$2 columns=$3 rows=$4
    shift 4
    visitor_window "$session" "$columns" "$rows" "$(ssh_command "$key") -t 127.0.0.1 $*"
}

e2e_serve_private() {
    # A private seek with other rules is listed to its maker only, with the code; the opponent comes
    # in with `join CODE` on ssh's command line (naming their new key first), a watcher with the
    # lobby's c; a wrong code is said to be wrong. The watcher's chat meets the server's limits.
    start_server --name kasbah --chat-per-minute 2 --line-length 40
    visit e2e a 100 30
    name_as e2e Youssef
    visit watcher c 100 30
    name_as watcher Karim
    # Promotion immediate (the fifth line), private (the last, Up from the first).
    keys n
    wait_for '^    > Clock: +< untimed >'
    keys Down Down Down Down Right
    wait_for '^    > Promotion: +< immediate >'
    keys Up Up Up Up Up Right
    wait_for '^    > Private: +< yes: found by its code, not listed >'
    keys Enter
    wait_for '^  > Youssef   untimed, any colour, rated   yours: Enter withdraws it$'
    expect_line 4 "      rules: promotion immediate"
    wait_for "^      private: your opponent types  ssh -t -p $PORT kasbah join [a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}\$"
    local code
    code=$(screen | sed -n "s/^      private: your opponent types  ssh -t -p $PORT kasbah join //p")
    # Nobody else sees it.
    on watcher wait_for '^    none yet: n offers a game$'
    # A wrong code: said, in the lobby.
    visit_with black b 100 30 join wxyz-wxyz-wxyz
    name_as black Amina
    on black wait_for '^  No game here has the code wxyz-wxyz-wxyz\.$'
    on black keys C-c
    on black wait_for '^EXITED 0'
    $T kill-session -t black
    # The right one, in capitals: Amina is in the game, with its rules.
    visit_with black b 100 30 join "${code^^}"
    on black wait_for '^White \(Youssef\) to move|^Black \(Amina\) to move|waiting for Youssef|your turn'
    on black wait_for 'promotion immediate'
    wait_for '(your turn|waiting for Amina)'
    # Karim watches by the code, typed at the lobby's c; the game is not listed to him.
    on watcher expect_line 5 "  Games (Enter watches)"
    on watcher expect_line 6 "    none"
    on watcher keys c
    on watcher wait_for '^  Code:'
    on watcher keys -l "$code"
    on watcher keys Enter
    on watcher wait_for '^Watching (Youssef - Amina|Amina - Youssef): '
    # The server's chat limits: two lines a minute, of 40 bytes at most; a line refused stays typed.
    on watcher keys c
    on watcher wait_for '^Say: '
    on watcher keys -l 'hello'
    on watcher keys Enter
    on watcher wait_for '^Karim \(watching\): hello$'
    on watcher keys c
    on watcher keys -l 'this line is longer than forty bytes, by far'
    on watcher keys Enter
    on watcher wait_for 'Not sent: a chat line here is at most 40 bytes'
    on watcher keys C-u
    on watcher keys -l 'again'
    on watcher keys Enter
    on watcher wait_for '^Karim \(watching\): again$'
    on watcher keys c
    on watcher keys -l 'third'
    on watcher keys Enter
    on watcher wait_for 'Not sent: this server takes 2 chat lines a minute; wait a few seconds'
    on watcher wait_for '^Say: third'
    expect_log 'game 1: (Youssef - Amina|Amina - Youssef), untimed'
    expect_log 'Youssef seeks a game: untimed, any colour, rated, promotion immediate, private'
}

e2e_serve_guests() {
    # With --guests, a visitor without a key comes in as guest-0001, plays unrated games only, and is
    # numbered on; a key's player still is who they were.
    start_server --guests --name kasbah
    visit e2e a 80 24
    name_as e2e Youssef
    keys n
    wait_for '^    > Clock: +< untimed >'
    keys Enter
    wait_for '^  > Youssef   untimed, any colour, rated   yours: Enter withdraws it$'
    visit_guest guest 80 24
    on guest wait_for '^  fetaix server kasbah +You are guest-0001$' 10
    expect_log 'in as guest-0001 \(a guest, without a key\)'
    # The rated seek is not a guest's to take.
    on guest wait_for '^  > Youssef   untimed, any colour, rated$'
    on guest keys Enter
    on guest wait_for '^  Guests play unrated games only: choose an unrated seek, or offer one \(n\)\.$'
    # The guest's own seek is unrated, and Youssef takes it.
    on guest keys n
    on guest wait_for '^      Rated: +< no \(guests play unrated games\) >$'
    on guest keys Enter
    wait_for '^    guest-0001   untimed, any colour, unrated$'
    keys Down Enter
    wait_for '(your turn|waiting for guest-0001)'
    on guest wait_for '(your turn|waiting for Youssef)'
    # The next guest is the next number.
    visit_guest guest2 80 24
    on guest2 wait_for '^  fetaix server kasbah +You are guest-0002$' 10
    # The operator's list marks them.
    [ "$($BIN serve players --data "$SERVER_DATA")" = "guest-0001   guest
guest-0002   guest
Youssef" ] || fail "players: $($BIN serve players --data "$SERVER_DATA")"
}

e2e_serve_screen_reader() {
    # A blind player comes with `ssh -t HOST screen-reader`: names a new key, seeks, is taken to the
    # game when it is accepted, hears the moves and the chat, plays and chats by typing, and goes back
    # to the lobby. The same mode through a pipe (ssh -T): lines in, lines out, no terminal.
    start_server --name kasbah
    visit_with e2e b 100 40 screen-reader
    wait_for '^This key is new here: type the name you will play under\.$' 10
    keys -l Amina
    keys Enter
    wait_for '^You are Amina\. Type help for the commands\.$'
    wait_for '^No seeks: seek offers a game\.$'
    keys -l 'seek 5+3 white majority'
    keys Enter
    wait_for '^Seek 1 offered: 5\+3, plays White, rated, majority yes\. withdraw takes it back\.$'
    visit black a 80 24
    name_as black Youssef
    on black wait_for '^  > Amina   5\+3, plays White, rated$'
    on black wait_for '^      rules: majority yes$'
    on black keys Enter
    wait_for '^White \(Amina\) against Black \(Youssef\)\.$'
    wait_for '^Rule: majority yes\.$'
    wait_for '^Timed: 5:00, \+3 s a move\.$'
    wait_for '^White \(Amina\) to move\.$'
    keys -l 'd3-c3'
    keys Enter
    wait_for '^White d3-c3$'
    on black wait_for 'White plays d3-c3'
    move_on black b3xd3
    wait_for '^Black b3xd3 takes c3$'
    wait_for '^Capture compulsory: e3 can capture\.$'
    keys -l 'chat good luck'
    keys Enter
    on black wait_for 'Amina: good luck'
    on black keys c
    on black keys -l 'thanks'
    on black keys Enter
    wait_for '^Chat: Youssef: thanks$'
    keys -l quit
    keys Enter
    wait_for '^Back to the lobby\? .*\(yes or no\)$'
    keys -l yes
    keys Enter
    wait_for '^Back in the lobby\.$'
    wait_for '^Your game 1: Amina against Youssef, 1 move, White to move\. return 1 goes back to it\.$'
    # Through a pipe: a new key named, a seek refused, and quit, which ends the session with status 0.
    local out
    out=$(printf 'Karim\nseek 4+4\nquit\n' | timeout 20 $(ssh_command c) -T 127.0.0.1 screen-reader 2>&1) ||
        fail "ssh -T screen-reader: status $?: $out"
    grep -qx 'This key is new here: type the name you will play under.' <<<"$out" || fail "no name asked: $out"
    grep -qx 'You are Karim. Type help for the commands.' <<<"$out" || fail "not named: $out"
    grep -qx "No seek made: '4+4' is no clock, side or rule. help lists the words." <<<"$out" ||
        fail "the seek's refusal: $out"
    grep -q $'\r' <<<"$out" && fail "carriage returns without a terminal: $out"
    expect_log 'Karim left'
}
