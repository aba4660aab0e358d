# Game records: saving (twice, over a file, refused, through a link, its mode and owner), opening one
# (large, unreadable, asked for, at the start, a saved one), replaying and browsing one.
# Sourced by run.sh: each e2e_NAME below is the e2e test NAME (tests/CMakeLists.txt registers it).

e2e_save_open() {
    work=$(mktemp -d)
    $T -u new-session -d -s e2e -x 80 -y 24 -c "$work" "$BIN; sleep 30"
    wait_for 'White to move'
    type_move c2-c3
    keys s
    wait_for '^Save to: fetaix-[0-9]{8}-[0-9]{4}\.pdn_'
    keys Enter
    wait_for 'Saved to fetaix-[0-9]{8}-[0-9]{4}\.pdn\.'
    saved=$(ls "$work"/fetaix-*.pdn) || fail "no saved file"
    grep -q '1. c2-c3 \*' "$saved" || fail "the saved file lacks the move"
    printf '1. c2-c3 c4xc2 2. c1-c2 *\n' >"$work/bad.pdn"
    keys o
    wait_for '^Open: _'
    keys -l bad.pdn
    keys Enter
    wait_for "Not opened: .*line 1, column 19: move 2 'c1-c2'"
    keys Escape
    wait_for ' 1\. c2-c3$'
    keys o
    keys -l "$(basename "$saved")"
    keys Enter
    wait_for 'Abandon this game and open fetaix-.*\? \(y/n\)'
    keys y
    wait_for 'Opened fetaix-'
    rm -rf "$work"
}

e2e_save_twice() {
    # Two saves in the same minute with the suggested name make two files. Both must fall in one
    # minute: with under 15 seconds of this one left, wait for the next.
    while [ "$(date +%-S)" -ge 45 ]; do sleep 0.2; done
    work=$(mktemp -d)
    start_game_in "$work"
    type_move c2-c3
    keys s
    wait_for '^Save to: fetaix-[0-9]{8}-[0-9]{4}\.pdn_'
    keys Enter
    wait_for 'Saved to fetaix-[0-9]{8}-[0-9]{4}\.pdn\.'
    first=$(ls "$work")
    type_move c4xc2
    keys s
    wait_for "^Save to: ${first%.pdn}-2\.pdn_"
    keys Enter
    wait_for "Saved to ${first%.pdn}-2\.pdn\."
    [ "$(ls "$work" | wc -l)" -eq 2 ] || fail "expected two files, got: $(ls "$work")"
    grep -q '1. c2-c3 \*' "$work/$first" || fail "the first save was changed"
    grep -q '1. c2-c3 c4xc2 \*' "$work/${first%.pdn}-2.pdn" || fail "the second save lacks the moves"
    rm -rf "$work"
}

e2e_save_overwrite() {
    # An existing file is replaced only after yes; the question says what it holds.
    work=$(mktemp -d)
    printf 'bread, olives\n' >"$work/notes.txt"
    printf '1. d2-c3 *\n' >"$work/old.pdn"
    start_game_in "$work"
    type_move c2-c3
    save_as notes.txt
    wait_for '^Replace notes\.txt \(not a game record\)\? \(y/n\)'
    keys n
    wait_for 'Not saved: notes\.txt was left as it is\.'
    [ "$(cat "$work/notes.txt")" = "bread, olives" ] || fail "notes.txt was changed"
    keys Escape
    save_as old.pdn
    wait_for '^Replace old\.pdn \(a fetaix game, 1 move\)\? \(y/n\)'
    grep -q 'd2-c3' "$work/old.pdn" || fail "old.pdn changed before the answer"
    keys y
    wait_for 'Saved to old\.pdn \(replaced\)\.'
    grep -q '1. c2-c3 \*' "$work/old.pdn" || fail "old.pdn was not replaced"
    [ "$(ls "$work" | wc -l)" -eq 2 ] || fail "a temporary file was left: $(ls "$work")"
    rm -rf "$work"
}

e2e_save_refused() {
    # A FIFO and a folder are refused and left as they are.
    work=$(mktemp -d)
    mkfifo "$work/pipe"
    mkdir "$work/folder"
    start_game_in "$work"
    type_move c2-c3
    save_as pipe
    wait_for 'Not saved: pipe is a FIFO \(named pipe\), not a file'
    [ -p "$work/pipe" ] || fail "the FIFO was replaced"
    keys Escape
    save_as folder
    wait_for 'Not saved: folder is a folder, not a file'
    [ -d "$work/folder" ] && [ -z "$(ls -A "$work/folder")" ] || fail "the folder was changed"
    [ "$(ls "$work" | wc -l)" -eq 2 ] || fail "something was written: $(ls "$work")"
    rm -rf "$work"
}

e2e_save_symlink() {
    # A symbolic link is refused (never replaced by a file, never written through); its target stays.
    work=$(mktemp -d)
    printf '1. d2-c3 *\n' >"$work/target.pdn"
    ln -s target.pdn "$work/link.pdn"
    start_game_in "$work"
    type_move c2-c3
    save_as link.pdn
    wait_for 'Not saved: link\.pdn is a symbolic link \(to target\.pdn\), not a file$'
    [ -L "$work/link.pdn" ] || fail "the link was replaced"
    grep -q 'd2-c3' "$work/target.pdn" || fail "the link's target was changed"
    rm -rf "$work"
}

e2e_save_mode() {
    # A replaced file keeps its permissions.
    work=$(mktemp -d)
    printf '1. d2-c3 *\n' >"$work/private.pdn"
    chmod 600 "$work/private.pdn"
    start_game_in "$work"
    type_move c2-c3
    save_as private.pdn
    wait_for '^Replace private\.pdn'
    keys y
    wait_for 'Saved to private\.pdn \(replaced\)\.'
    grep -q '1. c2-c3 \*' "$work/private.pdn" || fail "not replaced"
    [ "$(stat -c %a "$work/private.pdn")" = 600 ] || fail "mode became $(stat -c %a "$work/private.pdn")"
    rm -rf "$work"
}

e2e_save_owner() {
    # A replaced file keeps its owner; where the owner cannot be kept, the file is left alone.
    if [ "$(id -u)" -ne 0 ]; then
        cannot_test "a replaced file keeps another user's owner and group, or is left alone" \
            "changing a file's owner needs root, and this runs as $(id -un)"
    fi
    work=$(mktemp -d)
    chmod 755 "$work"
    printf '1. d2-c3 *\n' >"$work/theirs.pdn"
    chown nobody:nogroup "$work/theirs.pdn"
    chmod 640 "$work/theirs.pdn"
    start_game_in "$work"
    type_move c2-c3
    save_as theirs.pdn
    wait_for '^Replace theirs\.pdn'
    keys y
    wait_for 'Saved to theirs\.pdn \(replaced\)\.'
    [ "$(stat -c '%U:%G %a' "$work/theirs.pdn")" = "nobody:nogroup 640" ] ||
        fail "became $(stat -c '%U:%G %a' "$work/theirs.pdn")"
    grep -q '1. c2-c3 \*' "$work/theirs.pdn" || fail "not replaced"
    kill_server
    # Played by nobody in a folder anyone may write: a file of root's cannot stay root's.
    chmod 777 "$work"
    printf '1. d2-c3 *\n' >"$work/roots.pdn"
    chmod 666 "$work/roots.pdn"
    $T -u new-session -d -s e2e -x 80 -y 24 -c "$work" \
        "env XDG_STATE_HOME=$work/state $(as_player "$(player_program)"); sleep 30"
    wait_for 'White to move'
    type_move c2-c3
    save_as roots.pdn
    keys y
    wait_for 'Not saved: cannot keep the owner \(root\) of roots\.pdn: Operation not permitted$'
    grep -q 'd2-c3' "$work/roots.pdn" || fail "roots.pdn was replaced"
    [ "$(stat -c %U "$work/roots.pdn")" = root ] || fail "roots.pdn changed owner"
    # nobody's own file in root's group: nobody cannot give a new file that group.
    keys Escape
    printf '1. d2-c3 *\n' >"$work/group.pdn"
    chown nobody:root "$work/group.pdn"
    chmod 664 "$work/group.pdn"
    save_as group.pdn
    keys y
    wait_for 'Not saved: cannot keep the group \(root\) of group\.pdn: Operation not permitted$'
    [ "$(stat -c '%U:%G' "$work/group.pdn")" = nobody:root ] || fail "group.pdn changed owner"
    grep -q 'd2-c3' "$work/group.pdn" || fail "group.pdn was replaced"
    rm -rf "$work"
}

e2e_open_large() {
    # o on the slowest 1 MiB record we know: it is read and checked (a full longest-capture search for
    # each of its thousands of games), and the screen says what it holds.
    work=$(mktemp -d)
    heavy_record "$work/heavy.pdn"
    [ "$(stat -c %s "$work/heavy.pdn")" -le 1048576 ] || fail "the record is over 1 MiB"
    start_game_in "$work" --new
    keys o
    wait_for '^Open: _'
    keys -l heavy.pdn
    keys Enter
    wait_for "^Opened heavy\\.pdn; note: " 45
    wait_for "[0-9]+ games; the( |$)"
    rm -rf "$work"
}

e2e_open_reading() {
    # While o reads a long record the screen answers: a key says it is still reading, Esc stops the
    # reading and the game goes on; Ctrl-C during a reading ends the program at once. (heavy_record
    # takes over half a second to check even on a fast machine, time enough for these steps.)
    work=$(mktemp -d)
    heavy_record "$work/heavy.pdn"
    start_game_in "$work" --new
    keys o
    wait_for '^Open: _'
    keys -l heavy.pdn
    keys Enter
    wait_for '^Reading heavy\.pdn\.\.\. \(Esc stops\)$'
    keys u
    wait_for '^Still reading heavy\.pdn: Esc stops\.$'
    keys Escape
    wait_for '^Stopped reading heavy\.pdn; the game goes on\.$'
    screen | grep -q 'Opened' && fail "the file was opened after Esc"
    keys Enter
    wait_for '^Reading heavy\.pdn'
    keys C-c
    wait_for '^EXITED 0$' 2
    rm -rf "$work"
}

e2e_open_asks() {
    # o asks before abandoning a game in progress; the abandoned game is listed by `fetaix games`
    # and reopened from o as #1.
    work=$(mktemp -d)
    printf '[White "Omar"]\n1. d2-c3 b4xd2 *\n' >"$work/g.pdn"
    start_game_in "$work" --white Ali
    type_move c2-c3
    keys o
    wait_for '^Open: _'
    keys -l g.pdn
    keys Enter
    wait_for '^Abandon this game and open g\.pdn\? \(y/n\)'
    keys n
    wait_for 'g\.pdn was not opened; the game goes on\.'
    wait_for ' 1\. c2-c3$'
    [ -z "$(ls "$STATE/fetaix/games" 2>/dev/null)" ] || fail "archived although kept"
    keys o
    keys -l g.pdn
    keys Enter
    wait_for '^Abandon this game and open g\.pdn'
    keys y
    wait_for 'Opened g\.pdn\.'
    wait_for 'White \(Omar\)'
    out=$("$BIN" games)
    echo "$out" | grep -qE "^#1  [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}  Ali - Black  unfinished  1 move  $STATE/fetaix/games/[0-9]{8}-[0-9]{6}-001\.pdn$" ||
        fail "fetaix games printed: $out"
    [ "$(echo "$out" | grep -c '^#')" -eq 1 ] || fail "fetaix games printed: $out"
    # The game opened in its place is in the autosave, and listed after the history.
    [ "$(echo "$out" | tail -n 1)" = 'Unfinished, in the autosave: Omar - Black  1 move  (fetaix resumes it)' ] ||
        fail "fetaix games printed: $out"
    keys o
    wait_for '^#1 to #1: game history; #1: [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} Ali - Black, unfinished, 1 move$'
    keys -l '#1'
    keys Enter
    wait_for '^Abandon this game and open #1\?'
    keys y
    wait_for 'Opened #1\.'
    wait_for ' 1\. c2-c3$'
    wait_for 'White \(Ali\)'
    rm -rf "$work"
}

e2e_open_at_start() {
    # fetaix FILE.pdn while an unfinished game is autosaved: asked first; no resumes the saved game.
    work=$(mktemp -d)
    printf '[White "Omar"]\n1. d2-c3 *\n' >"$work/g.pdn"
    start_game --white Ali
    type_move c2-c3
    kill_server
    start_game "$work/g.pdn"
    wait_for "^Abandon this game and open $work/g\.pdn\? \(y/n\)"
    wait_for 'White \(Ali\)'
    keys n
    wait_for "g\.pdn was not opened; the game goes on\."
    grep -q '1. c2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the autosave was overwritten"
    kill_server
    start_game "$work/g.pdn"
    wait_for "^Abandon this game and open"
    keys y
    wait_for "Opened $work/g\.pdn\."
    wait_for 'White \(Omar\)'
    "$BIN" games | grep -qE '^#1  .*  Ali - Black  unfinished  1 move  ' || fail "the saved game is not in the history: $("$BIN" games)"
    rm -rf "$work"
}

e2e_open_saved() {
    # fetaix FILE.pdn, then q at once: the quit question says the game is saved, and it is: the next
    # start offers it.
    work=$(mktemp -d)
    printf '[White "Omar"]\n1. d2-c3 *\n' >"$work/g.pdn"
    start_game "$work/g.pdn"
    wait_for 'White \(Omar\)'
    keys q
    wait_for '^Quit\? The game is saved: run fetaix to resume it\. \(y/n\)'
    keys y
    wait_for '^EXITED 0$'
    grep -q '^1\. d2-c3 \*' "$STATE/fetaix/autosave.pdn" || fail "the opened game is not in the autosave"
    kill_server
    start_game
    wait_for '^Resume the unfinished game \(1 move\)\? \(y/n\)'
    keys y
    wait_for 'Game resumed\.'
    wait_for 'White \(Omar\)'
    rm -rf "$work"
}

e2e_replay() {
    work=$(mktemp -d)
    printf '[White "Ali"]\n1. d2-c3 b4xd2 2. e1xc3 *\n' >"$work/g.pdn"
    start_game replay "$work/g.pdn"
    wait_for 'Replay: start of the game \(2 moves\)'
    keys Right Right
    # Counted as the move list numbers them: the second half-move is Black's 1... b4xd2.
    wait_for 'Replay: after 1\.\.\. b4xd2 \(move 1 of 2\)'
    keys ]
    wait_for 'Replay: after 2\. e1xc3 \(move 2 of 2\)$'
    keys [
    wait_for 'Replay: after 1\.\.\. b4xd2'
    keys End
    wait_for 'Replay: after 2\. e1xc3 \(move 2 of 2\)$'
    keys Home
    wait_for 'Replay: start of the game'
    keys Enter
    wait_for 'Replaying: \[ \] or Left and Right step'
    keys q
    wait_for 'EXITED 0'
    grep -q 'e1xc3 \*' "$work/g.pdn" || fail "replay changed the file"
    rm -rf "$work"
}

e2e_replay_history() {
    # `fetaix replay '#N'` replays the game history's game N, newest first, as `fetaix games` lists it.
    mkdir -p "$STATE/fetaix/games"
    printf '[White "Old"]\n1. d2-c3 *\n' >"$STATE/fetaix/games/20261130-141502-001.pdn"
    printf '[White "Ali"]\n1. d2-c3 b4xd2 2. e1xc3 *\n' >"$STATE/fetaix/games/20261201-090000-001.pdn"
    start_game replay "'#2'"
    wait_for 'Replay: start of the game \(1 move\)'
    stop_tmux
    start_game replay "'#1'"
    wait_for 'Replay: start of the game \(2 moves\)'
    wait_for 'Ali'
    keys q
    wait_for 'EXITED 0'
}

e2e_comments_kept() {
    # A record's comments (a review's [%eval] values and words) are saved again with the game, and with
    # a move taken back, those after it go.
    work=$(mktemp -d)
    printf '1. d2-c3 {[%%eval +0.10]} b4xd2 {[%%eval -0.20] lost a man} 2. e1xc3 {[%%eval +1.00]} *\n' >"$work/a.pdn"
    start_game "$work/a.pdn"
    wait_for ' 2\. e1xc3'
    save_as "$work/kept.pdn"
    wait_for "^Saved to $work/kept.pdn"
    # The moves, their lines joined.
    movetext() { sed '1,/^$/d' "$1" | tr '\n' ' ' | sed 's/ $//'; }
    [ "$(movetext "$work/kept.pdn")" = '1. d2-c3 {[%eval +0.10]} b4xd2 {[%eval -0.20] lost a man} 2. e1xc3 {[%eval +1.00]} *' ] ||
        fail "the comments were not saved: $(cat "$work/kept.pdn")"
    keys u
    wait_gone ' 2\. e1xc3'
    save_as "$work/undone.pdn"
    wait_for "^Saved to $work/undone.pdn"
    [ "$(movetext "$work/undone.pdn")" = '1. d2-c3 {[%eval +0.10]} b4xd2 {[%eval -0.20] lost a man} *' ] ||
        fail "after undo: $(cat "$work/undone.pdn")"
    rm -rf "$work"
}

e2e_tags_kept() {
    # Tags the record came with survive opening and saving, and the autosave.
    work=$(mktemp -d)
    printf '[Event "Club night"]\n[Site "Rabat"]\n[Date "2026.11.30"]\n[Round "3"]\n[White "Ali"]\n[Black "Zineb"]\n[Annotator "Omar"]\n[Opening "centre"]\n\n1. c2-c3 c4xc2 *\n' >"$work/g.pdn"
    start_game_in "$work" "$work/g.pdn"
    type_move c1xc3
    save_as "$work/out.pdn"
    wait_for 'Saved to '
    for tag in '[Event "Club night"]' '[Site "Rabat"]' '[Date "2026.11.30"]' '[Round "3"]' '[White "Ali"]' \
               '[WhiteType "human"]' '[Annotator "Omar"]' '[Opening "centre"]'; do
        grep -qxF "$tag" "$work/out.pdn" || fail "saved record lost $tag"
        grep -qxF "$tag" "$STATE/fetaix/autosave.pdn" || fail "autosave lost $tag"
    done
    [ "$(head -1 "$work/out.pdn")" = '[Event "Club night"]' ] || fail "Event is not first"
    rm -rf "$work"
}

e2e_replay_resigned() {
    # A resignation stays the record's result through replay, on screen and when saved from replay.
    work=$(mktemp -d)
    printf '[White "Ali"]\n1. d2-c3 b4xd2 2. e1xc3 1-0\n' >"$work/g.pdn"
    $T -u new-session -d -s e2e -x 80 -y 24 -c "$work" "$BIN replay $work/g.pdn; status=\$?; echo; echo EXITED \$status; sleep 30"
    wait_for 'Replay: start of the game \(2 moves\)'
    keys End
    wait_for 'Replay: after 2\. e1xc3 \(move 2 of 2\), 1-0 \(resignation\)'
    # The move list ends with the result too.
    expect_line 3 "    │ ╲   │   ╱ │ ╲   │   ╱ │      2. e1xc3"
    expect_line 4 "    │   ╲ │ ╱   │   ╲ │ ╱   │     1-0 (resignation)"
    keys Left
    wait_for 'Replay: after 1\.\.\. b4xd2 \(move 1 of 2\)$'
    keys Right
    wait_for 'Replay: after 2\. e1xc3 \(move 2 of 2\), 1-0 \(resignation\)'
    keys Home
    wait_for 'Replay: start of the game'
    save_as "$work/out.pdn"
    wait_for 'Saved to '
    [ "$("$BIN" check "$work/out.pdn" | head -1)" = "game 1: 2 moves, 1-0 (resignation)" ] || fail "saved from replay: $("$BIN" check "$work/out.pdn")"
    rm -rf "$work"
}

e2e_browse() {
    # [ and ] step through the game's positions while it goes on; nothing can be played meanwhile and
    # the game, its autosave included, is untouched; Esc goes back to it.
    start_game --new --white Ali --black Zineb
    wait_for 'White \(Ali\) to move'
    for m in c2-c3 c4xc2 c1xc3; do type_move "$m"; done
    wait_for 'Black \(Zineb\) to move'
    saved=$(cat "$STATE/fetaix/autosave.pdn")
    keys ]
    wait_for '^This is the game as it stands: \[ steps back through it\.'
    keys [
    wait_for '^Viewing after 1\.\.\. c4xc2 -- \] forward, Esc back to the game$'
    expect_line 22 "[ ] step back/forward   Home/End first/last   Esc back to the game"
    # The position after 1... c4xc2: Black's man on c2, c1 still White's, c4 empty; no cursor.
    expect_line 3 "    │ ╲   │   ╱ │ ╲   │   ╱ │      2. c1xc3"
    expect_line 5 "4   ●─────●─────·─────●─────●"
    expect_line 8 "3   ●─────●─────·─────○─────○"
    expect_line 11 "2   ○─────○─────●─────○─────○"
    expect_line 14 "1   ○─────○─────○─────○─────○     promotion end"
    keys [
    wait_for '^Viewing after 1\. c2-c3 -- '
    keys [
    wait_for '^Viewing the start -- '
    expect_line 11 "2   ○─────○─────○─────○─────○"
    keys [
    wait_for '^This is the start of the game\.'
    # Nothing is played on an earlier position: not with Enter, a typed move, undo or a click.
    keys Enter
    wait_for '^Nothing can be played on an earlier position: Esc goes back to the game\.'
    keys Escape
    wait_for '^Back to the game\.'
    wait_for '^Black \(Zineb\) to move'
    keys [ Home
    wait_for '^Viewing the start -- '
    keys : u
    click 11 16
    wait_for '^Nothing can be played on an earlier position'
    wait_for '^Viewing the start -- '
    keys ] ]
    wait_for '^Viewing after 1\.\.\. c4xc2 -- '
    keys End
    wait_for '^Back to the game\.'
    expect_line 8 "3   ●─────●─────○─────○─────○"
    [ "$(cat "$STATE/fetaix/autosave.pdn")" = "$saved" ] || fail "browsing changed the autosave"
    # Back in the game, keys act on it again.
    keys u
    wait_gone ' 2\. c1xc3'
}

e2e_browse_computer() {
    # While the person looks back, the computer plays on in the game; the view stays where it was.
    # A middle game that no book of proven positions holds, so the computer thinks (it answers White's
    # first moves from the books at once). 4 s: long enough to look back and see it still thinking on a
    # loaded machine.
    start_game --new --black ai:8 --time 4 --fen W:Wa1,b1,c1,d1,e1,a2,b2:Ba5,b5,c5,d5,e5,d4,e4
    wait_for 'Black \(computer, level 8\)'
    type_move b2-b3
    wait_for 'thinking: depth [0-9]+'
    keys [
    wait_for '^Viewing the start -- \] forward, Esc back to the game$'
    wait_for '^The computer plays on meanwhile\.'
    wait_for ' 1\. b2-b3 +[a-e][1-5]-[a-e][1-5]' 15
    expect_line 21 "Viewing the start -- ] forward, Esc back to the game"
    keys Escape
    wait_for '^White to move'
    wait_for '^Back to the game\.'
}

e2e_review_interrupted() {
    # fetaix review on a terminal shows its progress; Ctrl-C stops it with exit status 130, and neither
    # the review nor the annotated record is written. A middle game no table nor the book holds, so each
    # position is an engine search of 30 s: still running when stopped.
    cat >"$STATE/middle.pdn" <<'PDN'
[FEN "W:Wa1,b1,c1,d1,e1,a2,b2:Ba5,b5,c5,d5,e5,d4,e4"]

1. b2-b3 d4-c4 *
PDN
    mkdir "$STATE/data"
    start_shell "XDG_DATA_HOME='$STATE/data'"
    keys -l "cd '$STATE' && $BIN review middle.pdn --time 30 --annotate -o out.pdn; echo \"status=\$?\"; ls"
    keys Enter
    wait_for '^reviewing: position 1 of 3'
    keys C-c
    wait_for '^status=130$' 10
    wait_for '^fetaix: review: stopped after 0 of 3 positions; nothing written$'
    wait_for '^data +middle.pdn$'
    [ ! -e "$STATE/out.pdn" ] || fail "an interrupted review wrote out.pdn"
    if screen | grep -q '^\[FEN'; then fail "an interrupted review printed the record"; fi
}
