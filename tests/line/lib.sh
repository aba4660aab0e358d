# Helpers for the screen-reader mode's end-to-end tests: the real fetaix with standard input and output
# on pipes (no terminal at all), its lines compared exactly.

set -u
BIN=${FETAIX_BIN:?set FETAIX_BIN to the fetaix binary}
export LANG=C.UTF-8 LC_ALL=C.UTF-8
# Each test has its own state and settings folders, so autosaves never meet (nor touch the user's).
STATE=$(mktemp -d)
CONFIG=$(mktemp -d)
export XDG_STATE_HOME=$STATE XDG_CONFIG_HOME=$CONFIG
trap 'rm -rf "$STATE" "$CONFIG"' EXIT

fail() {
    echo "FAIL: $*" >&2
    echo "---- output ----" >&2
    printf '%s\n' "${OUT:-}" >&2
    exit 1
}

# play INPUT ARGS...: fetaix --screen-reader ARGS with INPUT on its standard input (a pipe that ends
# after it); its output in $OUT, its standard error in $ERR, its exit status in $STATUS.
play() {
    local input=$1
    shift
    OUT=$(printf '%s' "$input" | timeout 60 "$BIN" --screen-reader "$@" 2>"$STATE/stderr")
    STATUS=$?
    ERR=$(cat "$STATE/stderr")
    [ "$STATUS" = 0 ] || fail "exit status $STATUS: $ERR"
    [ -z "$ERR" ] || fail "standard error: $ERR"
    # Plain text only: no escape, no bell, no carriage return, no other control character.
    if printf '%s' "$OUT" | LC_ALL=C grep -q '[[:cntrl:]]'; then
        printf '%s' "$OUT" | LC_ALL=C grep -n '[[:cntrl:]]' | cat -v >&2
        fail "a control character in the output"
    fi
}

# expect LINE...: the output was exactly these lines.
expect() {
    local want
    want=$(printf '%s\n' "$@")
    if [ "$OUT" != "$want" ]; then
        diff <(printf '%s\n' "$want") <(printf '%s\n' "$OUT") >&2
        fail "the lines differ (- expected, + got)"
    fi
}
