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
# Lines of plain text for a screen reader instead of the board (default false).
screen-reader = ${SCREEN_READER:-false}
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

[keys]
# Each action's key, or a list of keys. A key is a character, or Up, Down, Left, Right, Home, End,
# PgUp, PgDn, Enter, Esc, Backspace, Delete, Space, Tab, Ctrl-A to Ctrl-Z (not Ctrl-C, Ctrl-H,
# Ctrl-I, Ctrl-J, Ctrl-M, Ctrl-Q, Ctrl-S or Ctrl-Z).
# cursor up (default ["Up", "k"])
cursor-up = ["Up", "k"]
# cursor down (default ["Down", "j"])
cursor-down = ["Down", "j"]
# cursor left; looking back, a move back (default ["Left", "h"])
cursor-left = ${CURSOR_LEFT:-[\"Left\", \"h\"]}
# cursor right; looking back, a move on (default ["Right", "l"])
cursor-right = ["Right", "l"]
# cursor up-left; looking back, to the start (default ["Home", "7"])
cursor-up-left = ["Home", "7"]
# cursor up-right (default ["PgUp", "9"])
cursor-up-right = ["PgUp", "9"]
# cursor down-left; looking back, to the game (default ["End", "1"])
cursor-down-left = ["End", "1"]
# cursor down-right (default ["PgDn", "3"])
cursor-down-right = ["PgDn", "3"]
# select, land (default ["Enter", "Space"])
select = ["Enter", "Space"]
# cancel; looking back, to the game; stop reading a file (default ["Esc", "Backspace"])
cancel = ["Esc", "Backspace"]
# type a move (default ":")
move = ":"
# undo (default "u")
undo = ${UNDO:-\"u\"}
# redo (default "r")
redo = "r"
# look back (default "[")
step-back = "["
# look forward (default "]")
step-forward = "]"
# new game (default "n")
new-game = "n"
# flip board (default "f")
flip = "f"
# turn to the side to move (default "a")
auto-flip = "a"
# save to a file (default "s")
save = "s"
# open a file (default "o")
open = "o"
# hint from the engine (default "H")
hint = "H"
# offer a draw (default "d")
draw = ${DRAW:-\"d\"}
# resign (default "R")
resign = "R"
# review the game; again, stop it (default "v")
review = "v"
# help (default "?")
help = "?"
# chat (two terminals) (default "c")
chat = "c"
# pause the clocks (a timed game) (default "p")
pause = "p"
# puzzles (default "P")
puzzles = "P"
# quit (default "q")
quit = "q"
# redraw (default "Ctrl-L")
redraw = "Ctrl-L"
# answer yes (default ["y", "Y"])
yes = ["y", "Y"]
# answer no (default ["n", "N", "Esc"])
no = ["n", "N", "Esc"]
# prompt: enter the line (default "Enter")
prompt-enter = "Enter"
# prompt: close it (default "Esc")
prompt-close = "Esc"
# prompt: erase the character before the cursor (default "Backspace")
prompt-erase = "Backspace"
# prompt: delete the character under the cursor (default "Delete")
prompt-delete = "Delete"
# prompt: cursor left (default "Left")
prompt-left = "Left"
# prompt: cursor right (default "Right")
prompt-right = "Right"
# prompt: to the start of the line (default ["Home", "Ctrl-A"])
prompt-start = ["Home", "Ctrl-A"]
# prompt: to the end of the line (default ["End", "Ctrl-E"])
prompt-end = ["End", "Ctrl-E"]
# prompt: cut everything before the cursor (default "Ctrl-U")
prompt-cut-start = "Ctrl-U"
# prompt: cut the word before the cursor (default "Ctrl-W")
prompt-cut-word = "Ctrl-W"
# prompt: the entry before (default "Up")
prompt-older = "Up"
# prompt: the entry after (default "Down")
prompt-newer = "Down"
# complete a move (default "Tab")
complete = "Tab"
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
    write $'bell = true\nascii = true\nscreen-reader = true\n[players]\nblack = "Zineb \\"Z\\""\n[rules]\npromotion = "stop"\nno-progress = 0\n'
    export SCREEN_READER=true
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
keys)
    # [keys]: what was set is printed back (one key in quotes, several as a list); a key given to two
    # actions and an unknown action go to stderr with their line and column, the defaults in force.
    write $'[keys]\nundo = "U"\ncursor-left = ["Left", "d"]\ndraw = "D"\nredo = "f"\nundoo = "z"\n'
    f=$XDG_CONFIG_HOME/fetaix/config.toml
    expect_out 0 \
        "$(UNDO='"U"' CURSOR_LEFT='["Left", "d"]' DRAW='"D"' config_text false false false '"White"' '"Black"' false '"end"' false 50)" \
        "fetaix: $f:5:8: keys.redo: \"f\" is also flip's key (ignored)
fetaix: $f:6:1: unknown action 'keys.undoo'; fetaix config lists them (ignored)" config
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
