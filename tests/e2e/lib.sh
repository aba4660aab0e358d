# Helpers for end-to-end tests: the real fetaix binary in a detached tmux session, driven with
# send-keys and read with capture-pane. Each test uses its own tmux server (socket), so tests can
# run in parallel and never touch the user's tmux.

set -u
BIN=${FETAIX_BIN:?set FETAIX_BIN to the fetaix binary}
SOCKET="fetaix-e2e-$$"
T="tmux -L $SOCKET -f /dev/null"
export LANG=C.UTF-8 LC_ALL=C.UTF-8
unset NO_COLOR
# Each test has its own state folder, so autosaves never meet (nor touch the user's).
STATE=$(mktemp -d)
export XDG_STATE_HOME=$STATE
# And its own settings folder, empty unless the test writes $CONFIG/fetaix/config.toml.
CONFIG=$(mktemp -d)
# Searchable by the unprivileged player some tests run as: a folder it cannot look in is reported.
chmod 755 "$CONFIG"
export XDG_CONFIG_HOME=$CONFIG

# Games over a Unix socket listen in $XDG_RUNTIME_DIR/fetaix: each test has its own.
RUNTIME=$(mktemp -d)
chmod 700 "$RUNTIME"
export XDG_RUNTIME_DIR=$RUNTIME

MOUNTS=()
cleanup() {
    $T kill-server >/dev/null 2>&1 || true
    # A host still ending removes its socket meanwhile.
    rm -rf "$RUNTIME" 2>/dev/null || true
    for m in "${MOUNTS[@]}"; do umount -l "$m" 2>/dev/null || true; done
    rm -rf "$STATE" "$CONFIG"
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    echo "---- screen ----" >&2
    $T capture-pane -p -t e2e >&2 2>/dev/null || true
    exit 1
}

# start_shell [ENV...]: a bash shell in an 80x24 window, ready for commands.
start_shell() {
    $T -u new-session -d -s e2e -x 80 -y 24 "env $* PS1='prompt\$ ' bash --norc --noprofile"
    wait_for 'prompt\$'
}

# start_game ARGS...: fetaix itself as the window's program (TERM from tmux, screen-256color).
start_game() {
    start_game_sized 80 24 "$@"
}

# start_game_sized COLUMNS ROWS ARGS...: the same in a window of that size.
start_game_sized() {
    local columns=$1 rows=$2
    shift 2
    $T -u new-session -d -s e2e -x "$columns" -y "$rows" "$BIN $*; status=\$?; echo; echo EXITED \$status; sleep 30"
}

# click ROW COLUMN: a press and release of the first button there, as xterm reports it (X10 encoding:
# button, column + 33, row + 33; both at most 94 here, so each is one ASCII byte).
click() {
    local x y
    (($1 <= 94 && $2 <= 94)) || fail "click $1 $2: beyond what the X10 encoding sends in one byte"
    x=$(printf "\\$(printf %03o $(($2 + 33)))")
    y=$(printf "\\$(printf %03o $(($1 + 33)))")
    keys -l $'\e[M '"$x$y" $'\e[M#'"$x$y"
}

# board_unicode: the start position's rows 5 to 2 as an 80x24 screen draws them, on its lines 2 to 11.
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

# expect_start_board: the screen shows the start position's rows 5 to 2 exactly so (board_unicode).
expect_start_board() {
    for i in "${!board_unicode[@]}"; do
        local got
        got=$(screen | sed -n "$((i + 3))p" | sed 's/ *$//')
        [ "$got" = "${board_unicode[$i]}" ] || fail "board line $((i + 2)): expected '${board_unicode[$i]}', got '$got'"
    done
}

# expect_lines FIRST TEXT...: screen lines FIRST, FIRST + 1, ... are exactly these, trailing spaces aside.
expect_lines() {
    local row=$1
    shift
    local text
    for text in "$@"; do
        expect_line "$row" "$text"
        row=$((row + 1))
    done
}

# kill_server: ends this test's tmux server, as a dropped connection would (its programs get SIGHUP), and
# waits until it and every process of its panes have exited, so that a lock they held is surely released
# and the next session does not meet the dying server.
kill_server() {
    local pane pids=""
    for pane in $($T list-panes -a -F '#{pane_pid}' 2>/dev/null); do
        pids="$pids $pane $(pgrep -P "$pane" | tr '\n' ' ')"
    done
    stop_tmux
    local deadline=$((SECONDS + 10)) pid
    for pid in $pids; do
        # Gone, or a zombie (which holds no file or lock any more).
        while [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do
            ((SECONDS < deadline)) || { echo "FAIL: process $pid still running after kill-server" >&2; exit 1; }
            sleep 0.02
        done
    done
}

# start_game_in FOLDER ARGS...: the same, in FOLDER (where s saves by default); waits for the board.
start_game_in() {
    local folder=$1
    shift
    $T -u new-session -d -s e2e -x 80 -y 24 -c "$folder" "$BIN $*; status=\$?; echo; echo EXITED \$status; sleep 30"
    wait_for 'to move'
}

# heavy_record FILE: the record of at most 1 MiB slowest to check that we know (docs/performance.md,
# searched-prefix-majority): one capture under majority written as its shortest unique beginning,
# repeated, each proved the longest by a full search of both mullahs' sequences.
heavy_record() {
    local game=$'[FEN "W:WKc1,a2,Kc3:Bb2,c2,e2,b3,d3,Ka4,b4,Kc4,d4,Ke4,b5,d5"]\n[Majority "yes"]\n\n1. c3xc5xa3xa5 *\n\n'
    local copies=$((1048576 / ${#game})) i
    for ((i = 0; i < copies; ++i)); do printf '%s' "$game"; done >"$1"
}

# settings TEXT: the settings file the game reads.
settings() {
    mkdir -p "$CONFIG/fetaix"
    printf '%s' "$1" >"$CONFIG/fetaix/config.toml"
}

# bell_flag: 1 once the window has rung the terminal bell (tmux watches for it: monitor-bell).
bell_flag() { $T display -p -t e2e '#{window_bell_flag}'; }

# wait_for_bell: until the window has rung the bell, or fail.
wait_for_bell() {
    local deadline=$((SECONDS + ${1:-10}))
    while ((SECONDS < deadline)); do
        [ "$(bell_flag)" = 1 ] && return 0
        sleep 0.05
    done
    fail "timed out waiting for the bell"
}

screen() { $T capture-pane -p -t e2e; }
screen_with_escapes() { $T capture-pane -p -e -t e2e; }
keys() { $T send-keys -t e2e "$@"; }

# wait_for REGEX [SECONDS]: until the screen matches (grep -E), or fail.
wait_for() {
    local deadline=$((SECONDS + ${2:-5}))
    while ((SECONDS < deadline)); do
        if screen | grep -qE -- "$1"; then return 0; fi
        sleep 0.05
    done
    fail "timed out waiting for /$1/"
}

# wait_gone REGEX: until the screen no longer matches.
wait_gone() {
    local deadline=$((SECONDS + ${2:-5}))
    while ((SECONDS < deadline)); do
        if ! screen | grep -qE -- "$1"; then return 0; fi
        sleep 0.05
    done
    fail "timed out waiting for /$1/ to go"
}

# expect_line N TEXT: screen line N (from 0) is exactly TEXT, trailing spaces aside.
expect_line() {
    local got
    got=$(screen | sed -n "$(($1 + 1))p" | sed 's/ *$//')
    [ "$got" = "$2" ] || fail "line $1: expected '$2', got '$got'"
}

# type_move MOVE: the move prompt, the move, Enter; then wait for it in the move list.
type_move() {
    keys ':'
    wait_for '^Move: _'
    keys -l "$1"
    keys Enter
    # The prompt closes once the move is played (and saved); until then the screen shows it typed.
    wait_gone '^Move: '
    wait_for "$1"
}

# save_as PATH: the save prompt, its suggested name erased, PATH, Enter.
save_as() {
    keys s
    wait_for '^Save to: '
    local i
    for i in $(seq 40); do keys BSpace; done
    wait_for '^Save to: _'
    keys -l "$1"
    keys Enter
}

# cannot_test WHAT WHY: this test cannot run on this machine. It says exactly what was not tested and why,
# and is skipped (exit 77), unless FETAIX_E2E_NO_SKIP is set (CI sets it: there every test must run), when
# it fails.
cannot_test() {
    if [ -n "${FETAIX_E2E_NO_SKIP:-}" ]; then
        echo "FAIL: not tested: $1: $2 (FETAIX_E2E_NO_SKIP is set, so every test must run here)" >&2
        exit 1
    fi
    echo "SKIP: not tested: $1: $2"
    exit 77
}

# private_mounts WHAT ARGS...: runs this test again in a mount namespace of its own, so that its mounts
# vanish with it even if it is killed. WHAT says what the test checks, for cannot_test where mounting is
# not permitted (a chroot, a container).
private_mounts() {
    local what=$1
    shift
    if [ -n "${FETAIX_E2E_PRIVATE:-}" ]; then return 0; fi
    local why
    if ! why=$(unshare --mount --propagation private true 2>&1); then
        cannot_test "$what" "it needs a file system of its own, and mounting is not permitted here (unshare --mount: $why)"
    fi
    FETAIX_E2E_PRIVATE=1 unshare --mount --propagation private bash "$0" "$@"
    exit $?
}

# mount_tmpfs FOLDER SIZE WHAT: a small file system of its own at FOLDER (made if need be), or cannot_test.
mount_tmpfs() {
    mkdir -p "$1"
    local why
    if ! why=$(mount -t tmpfs -o "size=$2,mode=0700" tmpfs "$1" 2>&1); then
        cannot_test "$3" "it needs a file system of its own, and mounting is not permitted here (mount -t tmpfs: $why)"
    fi
    MOUNTS+=("$1")
}

# player_program: prints the path of a copy of the program that the unprivileged player of as_player can
# run: the build folder may be where no other user can reach it (a clone in /root, mode 0700).
player_program() {
    chmod 755 "$STATE"
    [ -x "$STATE/fetaix-program" ] || install -m 755 "$BIN" "$STATE/fetaix-program"
    echo "$STATE/fetaix-program"
}

# as_player COMMAND...: a command line run as an unprivileged user when this is root (permission bits do
# not stop root), as it is otherwise.
as_player() {
    if [ "$(id -u)" = 0 ]; then echo "setpriv --reuid=nobody --regid=nogroup --clear-groups $*"; else echo "$*"; fi
}

# stop_tmux: ends this test's tmux server (fetaix in it gets SIGHUP) and waits until it has exited, so
# that the next session does not meet the dying server.
stop_tmux() {
    local pid deadline=$((SECONDS + 5))
    pid=$($T display-message -p '#{pid}' 2>/dev/null) || return 0
    $T kill-server >/dev/null 2>&1 || true
    while kill -0 "$pid" 2>/dev/null; do
        ((SECONDS < deadline)) || fail "the tmux server did not exit"
        sleep 0.02
    done
}

# Several terminals at once (host, joiner, watcher): each a tmux session of its own, named.
# start_in NAME ARGS...: fetaix with ARGS in an 80x24 session NAME (ENV=... before ARGS: env settings).
start_in() {
    local name=$1
    shift
    $T -u new-session -d -s "$name" -x 80 -y 24 "env $*; status=\$?; echo; echo EXITED \$status; sleep 30"
}
screen_in() { $T capture-pane -p -t "$1"; }
# shown_code NAME Join|Watch: the code a shared host's screen shows beside that command.
shown_code() { screen_in "$1" | grep "^$2: " | awk '{print $6}'; }
keys_in() {
    local name=$1
    shift
    $T send-keys -t "$name" "$@"
}
# wait_in NAME REGEX [SECONDS]: until session NAME's screen matches, or fail (showing that screen).
wait_in() {
    local deadline=$((SECONDS + ${3:-5}))
    while ((SECONDS < deadline)); do
        if screen_in "$1" | grep -qE -- "$2"; then return 0; fi
        sleep 0.05
    done
    echo "---- screen of $1 ----" >&2
    screen_in "$1" >&2
    fail "timed out waiting for /$2/ in $1"
}
# wait_gone_in NAME REGEX: until session NAME's screen no longer matches.
wait_gone_in() {
    local deadline=$((SECONDS + ${3:-5}))
    while ((SECONDS < deadline)); do
        if ! screen_in "$1" | grep -qE -- "$2"; then return 0; fi
        sleep 0.05
    done
    echo "---- screen of $1 ----" >&2
    screen_in "$1" >&2
    fail "timed out waiting for /$2/ to go in $1"
}
# move_in NAME MOVE: types MOVE at session NAME's move prompt; waits until it is played there.
move_in() {
    keys_in "$1" ':'
    wait_in "$1" '^Move: _'
    keys_in "$1" -l "$2"
    keys_in "$1" Enter
    wait_gone_in "$1" '^Move: '
    wait_in "$1" "$2"
}
# fetaix_pid NAME: the process id of the fetaix running in session NAME.
fetaix_pid() { pgrep -P "$($T display -p -t "$1" '#{pane_pid}')" -x fetaix; }

# How many pages of the compiled-in books process $1 has mapped: /proc/PID/pagemap's present bit (bit 63)
# for each page between the books' symbols, placed by the mapping the program was loaded at.
book_pages_mapped() {
    local pid=$1 real begin end base first last
    real=$(readlink -f "/proc/$pid/exe")
    read -r begin end < <(nm "$real" | awk '$3 == "fetaix_books_begin" {b = $1} $3 == "fetaix_books_end" {e = $1} END {print b, e}')
    [ -n "$begin" ] && [ -n "$end" ] || fail "no book symbols in $real"
    base=$(awk -v bin="$real" '$6 == bin {split($1, a, "-"); print a[1], $3; exit}' "/proc/$pid/maps")
    read -r start offset <<<"$base"
    base=$((16#$start - 16#$offset))
    first=$(((base + 16#$begin) / 4096))
    last=$(((base + 16#$end - 1) / 4096))
    dd if="/proc/$pid/pagemap" bs=8 skip="$first" count=$((last - first + 1)) status=none |
        od -An -v -t u8 -w8 | awk '$1 >= 2 ^ 63 {n++} END {print n + 0}'
}
