#!/usr/bin/env bash
# The game without a usable terminal: it says what it needs and exits 1, writing no escape codes and
# never spinning; and a terminal that goes away mid-game ends the game with every move saved.
# Usage: FETAIX_BIN=path PTY_RUN=path check.sh CASE
set -u
BIN=${FETAIX_BIN:?set FETAIX_BIN to the fetaix binary}
PTY_RUN=${PTY_RUN:?set PTY_RUN to the pty_run helper}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME=$work/state LANG=C.UTF-8 LC_ALL=C.UTF-8
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
needs_tty="fetaix: the game needs a terminal on standard input and output"
needs_term="fetaix: the game needs a terminal type with cursor addressing"

# expect_refusal STATUS STDERR: the run in $work/out and $work/err ended with STATUS and one line STDERR.
expect_refusal() {
    [ "$1" = 1 ] || fail "exit status $1, expected 1"
    [ "$(cat "$work/err")" = "$2" ] || fail "stderr: expected '$2', got '$(cat "$work/err")'"
    [ "$(wc -l <"$work/err")" = 1 ] || fail "stderr has more than one line"
    [ ! -s "$work/out" ] || fail "stdout is not empty: '$(cat -v "$work/out")'"
    [ ! -e "$XDG_STATE_HOME" ] || fail "the state folder was touched"
}

# on_pty TERM ARGS...: fetaix on a terminal of its own with TERM; its output in $work/out.
on_pty() {
    local term=$1
    shift
    env TERM="$term" "$PTY_RUN" -- "$BIN" "$@" >"$work/out"
}

case "${1:?case}" in
stdin_null)
    timeout 20 "$BIN" --new </dev/null >"$work/out" 2>"$work/err"
    expect_refusal $? "$needs_tty (neither is one)"
    ;;
stdin_pipe)
    echo | timeout 20 "$BIN" 2>"$work/err" >"$work/out"
    expect_refusal "${PIPESTATUS[1]}" "$needs_tty (neither is one)"
    ;;
stdin_null_on_terminal)
    # Output to a terminal, input from nowhere: the message and nothing else reaches the screen.
    env TERM=xterm-256color "$PTY_RUN" -- bash -c 'exec "$0" --new </dev/null' "$BIN" >"$work/out"
    status=$?
    [ "$status" = 1 ] || fail "exit status $status, expected 1"
    [ "$(cat "$work/out")" = "$needs_tty (standard input is not one)"$'\r' ] ||
        fail "output: '$(cat -v "$work/out")'"
    ;;
term_dumb)
    on_pty dumb --new
    status=$?
    [ "$status" = 1 ] || fail "exit status $status, expected 1"
    [ "$(cat "$work/out")" = "$needs_term (TERM=dumb has none)"$'\r' ] || fail "output: '$(cat -v "$work/out")'"
    ;;
term_unknown)
    on_pty unknown-term --new
    status=$?
    [ "$status" = 1 ] || fail "exit status $status, expected 1"
    [ "$(cat "$work/out")" = "$needs_term (TERM=unknown-term is not in the terminfo database)"$'\r' ] ||
        fail "output: '$(cat -v "$work/out")'"
    ;;
term_unset)
    env -u TERM "$PTY_RUN" -- "$BIN" --new >"$work/out"
    status=$?
    [ "$status" = 1 ] || fail "exit status $status, expected 1"
    [ "$(cat "$work/out")" = "$needs_term (TERM is not set)"$'\r' ] || fail "output: '$(cat -v "$work/out")'"
    ;;
terminal_lost)
    # A move is played and saved, then the terminal closes without a SIGHUP: the game ends at once.
    env TERM=xterm-256color "$PTY_RUN" wait="to move" send=":c2-c3\r" wait-file="$XDG_STATE_HOME/fetaix/autosave.pdn" \
        hangup -- "$BIN" --new >"$work/out"
    status=$?
    [ "$status" = 0 ] || fail "exit status $status, expected 0 (124: it did not end)"
    grep -q '1\. c2-c3' "$XDG_STATE_HOME/fetaix/autosave.pdn" || fail "the move was not saved"
    ;;
*) fail "unknown case $1" ;;
esac
echo PASS
