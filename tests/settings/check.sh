#!/usr/bin/env bash
# `fetaix config` and `fetaix config --path`: the settings in force, exactly; where the file is looked for.
# Usage: FETAIX_BIN=path check.sh CASE
set -u
BIN=${FETAIX_BIN:?}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_CONFIG_HOME=$dir/config HOME=$dir/home

fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_out STATUS STDOUT STDERR ARGS...: fetaix ARGS (10 s at most) gives exactly these.
expect_out() {
    local status=$1 want_out=$2 want_err=$3
    shift 3
    local got
    timeout 10 "$BIN" "$@" >"$dir/out" 2>"$dir/err" </dev/null
    got=$?
    [ "$got" -eq 124 ] && fail "hung: fetaix $*"
    [ "$got" -eq "$status" ] || fail "fetaix $*: exit $got, expected $status; stderr: $(cat "$dir/err")"
    [ "$(cat "$dir/out")" = "$want_out" ] || fail "fetaix $*: stdout differs:$(diff <(echo "$want_out") "$dir/out")"
    [ "$(cat "$dir/err")" = "$want_err" ] || fail "fetaix $*: stderr '$(cat "$dir/err")', expected '$want_err'"
    echo "ok: fetaix $*"
}

# The whole text of `fetaix config` for these values (the comments are the same whatever is set).
config_text() {
    local auto_flip=$1 ascii=$2 bell=$3 white=$4 black=$5 backward=$6 promotion=$7 majority=$8 no_progress=$9
    cat <<END
# fetaix settings (fetaix config --path tells where the file is looked for).
# Every key with the value in force; options on the command line override them.

# Turn the board so the side to move is at the bottom (default false).
auto-flip = $auto_flip
# Plain ASCII lines and pieces, even in a UTF-8 locale (default false).
ascii = $ascii
# The terminal bell when the computer has moved (default false).
bell = $bell
# The colours: dark, light, high-contrast, colour-blind, mono (default "dark").
theme = ${THEME:-\"dark\"}
# A clock for both sides, such as "5+3" (fetaix --help; default none: "").
clock = ${CLOCK:-\"\"}

[players]
# The players' names when none is given (default "White" and "Black").
white = $white
black = $black

[rules]
# The rule switches a new game starts with (see docs/rules.md).
# backward captures: true or false (default false)
backward-captures = $backward
# promotion: end, immediate or stop (default "end")
promotion = $promotion
# majority: true or false (default false)
majority = $majority
# no-progress: 0 to 100000 (default 50)
no-progress = $no_progress
END
}

write() {
    mkdir -p "$XDG_CONFIG_HOME/fetaix"
    printf '%s' "$1" >"$XDG_CONFIG_HOME/fetaix/config.toml"
}

case "${1:?case}" in
defaults)
    # No file: every key at its default.
    expect_out 0 "$(config_text false false false '"White"' '"Black"' false '"end"' false 50)" "" config
    ;;
file)
    write $'bell = true\nascii = true\n[players]\nblack = "Zineb \\"Z\\""\n[rules]\npromotion = "stop"\nno-progress = 0\n'
    expect_out 0 "$(config_text false true true '"White"' '"Zineb \"Z\""' false '"stop"' false 0)" "" config
    # What config prints is a settings file that reads back to the same.
    "$BIN" config >"$dir/again.toml" || fail "config failed"
    mv "$dir/again.toml" "$XDG_CONFIG_HOME/fetaix/config.toml"
    expect_out 0 "$(config_text false true true '"White"' '"Zineb \"Z\""' false '"stop"' false 0)" "" config
    ;;
bad)
    # Each bad part on stderr with its line and column; the good parts in force, the bad at their defaults.
    write $'auto-flip = true\ntheme = "Dark"\n[rules]\nmajority = "yes"\n'
    f=$XDG_CONFIG_HOME/fetaix/config.toml
    expect_out 0 "$(config_text true false false '"White"' '"Black"' false '"end"' false 50)" \
        "fetaix: $f:2:9: theme: expected one of dark, light, high-contrast, colour-blind, mono, found \"Dark\" (ignored)
fetaix: $f:4:12: rules.majority: expected true or false, found \"yes\" (ignored)" config
    ;;
fifo)
    # A FIFO in the file's place: a message, no hang.
    mkdir -p "$XDG_CONFIG_HOME/fetaix"
    mkfifo "$XDG_CONFIG_HOME/fetaix/config.toml"
    expect_out 0 "$(config_text false false false '"White"' '"Black"' false '"end"' false 50)" \
        "fetaix: $XDG_CONFIG_HOME/fetaix/config.toml is not a regular file; the settings are ignored" config
    ;;
path)
    expect_out 0 "$dir/config/fetaix/config.toml" "" config --path
    # Without XDG_CONFIG_HOME, or with a relative one (which the XDG specification says to ignore): HOME's.
    XDG_CONFIG_HOME= expect_out 0 "$dir/home/.config/fetaix/config.toml" "" config --path
    (unset XDG_CONFIG_HOME && expect_out 0 "$dir/home/.config/fetaix/config.toml" "" config --path) || exit 1
    XDG_CONFIG_HOME=relative expect_out 0 "$dir/home/.config/fetaix/config.toml" "" config --path
    ;;
help)
    expect_out 0 "Usage:
  fetaix config [--path]

Print the settings in force as a settings file, every key with its
default in a comment; --path prints where the file is looked for
(\$XDG_CONFIG_HOME/fetaix/config.toml, ~/.config/fetaix/ by default).

Options:
  -h,--help                    this help
  --path                       print where the settings file is looked for" "" config --help
    expect_out 2 "" "fetaix: config: unexpected argument 'x' (see fetaix config --help)" config x
    expect_out 2 "" "fetaix: the game's --bell cannot go with config (see fetaix config --help)" --bell config
    ;;
*) fail "no case $1" ;;
esac
