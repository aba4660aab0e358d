#!/usr/bin/env bash
# Writes docs/screens.md: the game screen at each board size, captured from the real program in tmux
# (so the pictures stay true). Usage: bash scripts/screens.sh [path/to/fetaix]   (default build/fetaix)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-build/fetaix}")
[ -x "$BIN" ] || { echo "screens.sh: no fetaix at $BIN (build it first)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "screens.sh: tmux is needed (apt-get install tmux)" >&2; exit 1; }

SOCKET="fetaix-screens-$$"
T="tmux -L $SOCKET -f /dev/null"
STATE=$(mktemp -d)
trap '$T kill-server >/dev/null 2>&1 || true; rm -rf "$STATE"' EXIT
export LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME=$STATE
unset NO_COLOR

screen() { $T capture-pane -p -t shot | sed 's/ *$//'; }

# wait_for REGEX: until the screen matches, or give up after 10 seconds.
wait_for() {
    local deadline=$((SECONDS + 10))
    until screen | grep -qE -- "$1"; do
        ((SECONDS < deadline)) || { echo "screens.sh: timed out waiting for /$1/" >&2; screen >&2; exit 1; }
        sleep 0.05
    done
}

# shot COLUMNS ROWS: the screen after three moves between two named players, Black to move.
shot() {
    rm -rf "$STATE/fetaix"
    $T -u new-session -d -s shot -x "$1" -y "$2" "$BIN --new --white Ali --black Zineb; sleep 30"
    wait_for 'White \(Ali\) to move'
    local move
    for move in c2-c3 c4xc2 c1xc3; do
        $T send-keys -t shot ':'
        wait_for '^Move: _'
        $T send-keys -t shot -l "$move"
        $T send-keys -t shot Enter
        wait_for " $move"
    done
    wait_for 'Black \(Zineb\) to move'
    screen
    # The next shot needs a new server: wait until this one has gone.
    local pid
    pid=$($T display-message -p '#{pid}')
    $T kill-server
    while kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
}

out=docs/screens.md
{
    cat <<'EOF'
# The game screen at each size

Written by `bash scripts/screens.sh` from the real program in tmux (two players, three moves played,
Black to move), so run it again after changing the screen.

The board is drawn as large as the terminal holds (`board_geometry` in src/tui/frame.cpp): ranks are
`step` rows apart and files `2 x step` columns apart, because a terminal cell is about twice as tall as
it is wide; so the lattice stays square and each diagonal (`╱ ╲`) goes one row down for two columns
across, meeting the next point exactly. A step needs `4 x step + 12` rows (the title and a margin
above, the file letters and the legend below, and seven lines for a notice, the status, a question and
a message) and `8 x step + 48` columns (the side panel with the moves and rules keeps 38). The smallest
step, 3, is the board at the minimum size 72x24; 120x40 takes step 7, 200x60 step 12, 250x80 step 17.
Drawing, the cursor's placement and the mouse (`point_at`, which also takes a click within a third of
the way to the next point) all use the same geometry.

The top line names both players; the side to move is in a banner, `○ White (Ali) to move` or
`● Black (Zineb) to move`, in the colour of its pieces in the theme in force (docs/themes.md; reverse
video without colours), and the status line repeats it in the same colours.
EOF
    for size in 72x24 96x32 120x40 200x60; do
        columns=${size%x*} rows=${size#*x}
        printf '\n## %s\n\n```\n' "$size"
        shot "$columns" "$rows"
        printf '```\n'
    done
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
