#!/bin/bash
# fetaix solve on the command line with the tables of up to 3 pieces in a fresh XDG_DATA_HOME: values,
# proof files re-checked and a corrupted one refused, a stopped search resumed from its checkpoint,
# Ctrl-C writing a checkpoint, and bad input.
set -u
program=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS STDOUT STDERR ARGS...: fetaix ARGS prints exactly these and exits with STATUS.
expect() {
    local status=$1 out=$2 err=$3
    shift 3
    local got_out got_err got_status
    got_out=$("$program" "$@" 2>"$tmp/err")
    got_status=$?
    got_err=$(cat "$tmp/err")
    if [[ $got_status != "$status" || $got_out != "$out" || $got_err != "$err" ]]; then
        fail "fetaix $*"
        echo "  status $got_status, expected $status"
        echo "  stdout '$got_out', expected '$out'"
        echo "  stderr '$got_err', expected '$err'"
    fi
}

"$program" tablebase build --pieces 3 >/dev/null || fail "build"

# A 4-piece draw (the tables say so: checked below): the value, its proof written and re-checked.
"$program" solve --fen "W:Wa2,c1:Bc5,d4" --proof "$tmp/win.proof" >"$tmp/out"
status=$?
value=$(sed -n 2p "$tmp/out")
[[ $status == 0 && $value == value:* && $value != "value: unknown"* ]] || { fail "solve: status $status"; cat "$tmp/out"; }
grep -q "^proof: .* nodes, checked$" "$tmp/out" || fail "no proof line"
got=$("$program" solve --verify "$tmp/win.proof")
[[ $value == "value: draw" && $got == "$tmp/win.proof: proof OK: W:Wc1,a2:Bd4,c5 is a draw for White (White holds: "*"; Black holds: "*" nodes)" ]] ||
    fail "verify: $value; $got"

# The same proof with one node's line removed: refused, with the node named.
line=$(grep -n '^[WB]:[^ ]*$' "$tmp/win.proof" | head -1)
if [[ -n $line ]]; then
    number=${line%%:*}
    node=${line#*:}
    count=$(grep '^nodes ' "$tmp/win.proof" | head -1 | cut -d' ' -f2)
    sed -e "${number}d" -e "s/^nodes $count\$/nodes $((count - 1))/" "$tmp/win.proof" >"$tmp/cut.proof"
    got=$("$program" solve --verify "$tmp/cut.proof")
    status=$?
    [[ $status == 1 && $got == *"$node: not in the proof and not an end of the game or a table position (the tables built for its rules, backward-captures=no promotion=end majority=no, go up to 3 pieces: if the proof was made with larger ones, build them: fetaix tablebase build)" ]] ||
        fail "cut proof: $status $got"
else
    fail "no node without a move in the proof"
fi
# A changed move: refused.
sed -E '0,/^([WB]:[^ ]*) [a-e][1-5][-x].*$/s//\1 a1-a2/' "$tmp/win.proof" >"$tmp/bad.proof"
got=$("$program" solve --verify "$tmp/bad.proof")
[[ $? == 1 && $got == *"the move 'a1-a2' is not legal"* ]] || fail "changed move: $got"

# Stopped after 1000 nodes with a checkpoint, then resumed: the same value as one whole run.
# A link planted where the checkpoint was once first written (PATH.tmp) leads nowhere: its target stays.
echo "another user's file" >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/ck.tmp"
"$program" solve --fen "W:Wa2,c1:Bc5,d4" --nodes 1000 --checkpoint "$tmp/ck" >"$tmp/stopped"
status=$?
[[ $status == 1 ]] || fail "stopped run: status $status"
[[ $(cat "$tmp/victim") == "another user's file" && -f "$tmp/ck" && ! -L "$tmp/ck" ]] || fail "the checkpoint followed a planted link"
grep -q "^value: unknown: " "$tmp/stopped" || { fail "stopped run says"; cat "$tmp/stopped"; }
grep -q "^checkpoint written to $tmp/ck; go on with fetaix solve --resume $tmp/ck$" "$tmp/stopped" || fail "no checkpoint line"
"$program" solve --resume "$tmp/ck" >"$tmp/resumed"
[[ $? == 0 && $(sed -n 3p "$tmp/resumed") == "$value" ]] || { fail "resumed value"; cat "$tmp/resumed"; }
grep -q "^resumed from $tmp/ck: 1,0[0-9][0-9] nodes" "$tmp/resumed" || { fail "resumed line"; cat "$tmp/resumed"; }

# Ctrl-C: a checkpoint, and a clean exit. The start position takes long; the signal goes once the
# header is out (the search has begun).
"$program" solve --checkpoint "$tmp/int" >"$tmp/int.out" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
    grep -q "^position " "$tmp/int.out" && break
    sleep 0.1
done
kill -INT $pid
wait $pid
status=$?
[[ $status == 1 ]] || fail "Ctrl-C: status $status"
grep -q "^checkpoint written to $tmp/int; go on with fetaix solve --resume $tmp/int$" "$tmp/int.out" || { fail "Ctrl-C output"; cat "$tmp/int.out"; }
head -1 "$tmp/int" | grep -q "^fetaix solve checkpoint 1$" || fail "Ctrl-C checkpoint file"

# Bad input changes nothing.
expect 2 "" "fetaix: solve: --every goes with --checkpoint" solve --every 5
expect 2 "" "fetaix: solve --resume takes the position from the checkpoint, not --fen" solve --resume "$tmp/ck" --fen W:WKc3:Bc4
expect 2 "" "fetaix: solve --verify goes alone, not with --nodes" solve --verify "$tmp/win.proof" --nodes 5
expect 1 "" "fetaix: solve --verify: cannot open $tmp/none: No such file or directory" solve --verify "$tmp/none"
expect 1 "" "fetaix: solve --verify: $tmp is a folder, not a proof file" solve --verify "$tmp"
printf '%080d\n' 0 > "$tmp/long.proof"
expect 1 "" "fetaix: solve --verify: $tmp/long.proof: line 1: expected 'fetaix proof 1...', found '$(printf '%040d' 0)...'" \
    solve --verify "$tmp/long.proof"
# A proof or checkpoint file that could not be written is refused before the search, not after it.
expect 2 "" "fetaix: solve: $tmp is a folder, not a file" solve --fen W:WKc3:Bc4 --proof "$tmp"
expect 2 "" "fetaix: solve: cannot write in the folder of $tmp/none/x.proof: No such file or directory" \
    solve --fen W:WKc3:Bc4 --checkpoint "$tmp/none/x.proof"
ln -s "$tmp/win.proof" "$tmp/link.proof"
expect 2 "" "fetaix: solve: $tmp/link.proof is a symbolic link (to $tmp/win.proof), not a file" \
    solve --fen W:WKc3:Bc4 --proof "$tmp/link.proof"
[ -L "$tmp/link.proof" ] || { echo "FAIL: the symbolic link was replaced"; failures=$((failures + 1)); }
expect 1 "" "fetaix: solve: $tmp/win.proof: not a fetaix solve checkpoint" solve --resume "$tmp/win.proof"
printf 'fetaix proof 1\nrules majority=perhaps\n' >"$tmp/rules.proof"
expect 1 "" "fetaix: solve --verify: $tmp/rules.proof: line 2: majority=perhaps: expected yes or no, found \"perhaps\"" solve --verify "$tmp/rules.proof"

# A proof into a book: re-checked, then its positions added (a draw: the root at least); a bad proof
# or a broken book leaves the book as it was.
got=$("$program" solve --book "$tmp/book" "$tmp/win.proof")
[[ $? == 0 && $got == "$tmp/win.proof: proof OK (White holds: "*" nodes; Black holds: "*" nodes)"$'\n'"$tmp/book: "*" positions ("*" new)" ]] ||
    fail "book: $got"
[[ $(head -c 14 "$tmp/book") == "fetaix book 2" ]] || fail "book head"
# Listed as text: the count and rules, then a line a position.
"$program" solve --book "$tmp/book" >"$tmp/listed" || fail "book listing: status"
head -1 "$tmp/listed" | grep -q "^fetaix book: [0-9]* positions; rules backward-captures=no promotion=end majority=no$" || fail "listing head: $(head -1 "$tmp/listed")"
grep -q "^W:Wc1,a2:Bd4,c5 draw [a-e][1-5]-[a-e][1-5]$" "$tmp/listed" || fail "the root is not in the book as a draw"
[[ $(($(wc -l <"$tmp/listed") - 1)) == $(head -1 "$tmp/listed" | cut -d' ' -f3) ]] || fail "listing: not a line a position"
[[ $(tail -n +2 "$tmp/listed" | grep -vc "^W:Wc1,a2:Bd4,c5 ") -gt 0 ]] || fail "listing: the root alone"
cp "$tmp/book" "$tmp/book.before"
got=$("$program" solve --book "$tmp/book" "$tmp/win.proof" 2>&1)
[[ $? == 0 && $got == *"$tmp/book: "*" positions (0 new)" ]] || fail "book again: $got"
got=$("$program" solve --book "$tmp/book" "$tmp/win.proof" "$tmp/bad.proof" 2>&1)
[[ $? == 1 && $got == *"fetaix: solve --book: $tmp/bad.proof: bad proof: "*"the move 'a1-a2' is not legal"* ]] || fail "bad proof into the book: $got"
cmp -s "$tmp/book" "$tmp/book.before" || fail "the book changed"
printf 'fetaix book 1\nrules backward-captures=no promotion=end majority=no\nW:WKc3:Bc4 win c3xc5\n' >"$tmp/old.book"
expect 1 "" "fetaix: solve --book: $tmp/old.book: a book in the old text format ('fetaix book 1'); this program reads 'fetaix book 2': make it again from its proofs with fetaix solve --book" \
    solve --book "$tmp/old.book" "$tmp/win.proof"
head -c 100 "$tmp/book" >"$tmp/cut.book"
expect 1 "" "fetaix: solve --book: $tmp/cut.book: its size does not match its count of $(head -1 "$tmp/listed" | cut -d' ' -f3) positions: cut off or damaged" \
    solve --book "$tmp/cut.book"
expect 1 "" "fetaix: solve --book: $tmp is a folder, not a proof file" solve --book "$tmp/book" "$tmp"
expect 2 "" "fetaix: solve --book: $tmp is a folder, not a file" solve --book "$tmp" "$tmp/win.proof"
expect 1 "" "fetaix: solve --book: $tmp is a folder, not a book" solve --book "$tmp"
cmp -s "$tmp/book" "$tmp/book.before" || fail "the book changed"
expect 1 "" "fetaix: solve --book: cannot open $tmp/none.book: No such file or directory" solve --book "$tmp/none.book"
expect 2 "" "fetaix: solve: '$tmp/win.proof': a proof file goes with --book or --combine" solve "$tmp/win.proof"
expect 2 "" "fetaix: solve --book goes alone with proof files, not with --fen" solve --book "$tmp/book" --fen W:WKc3:Bc4 "$tmp/win.proof"

# Proofs of the 7 positions after White's moves from W:Wa2,c1:Bc5,d4 (a2-a3, a2-b2; c1-b1, c1-d1,
# c1-c2, c1-b2, c1-d2: no capture is on) joined into a proof of it: the same draw, checked whole.
[[ $("$program" perft 1 --fen W:Wa2,c1:Bc5,d4) == "depth=1 nodes=7 "* ]] || fail "W:Wa2,c1:Bc5,d4 has 7 moves"
children=(B:Wc1,a3:Bd4,c5 B:Wc1,b2:Bd4,c5 B:Wb1,a2:Bd4,c5 B:Wd1,a2:Bd4,c5 B:Wa2,c2:Bd4,c5 B:Wa2,b2:Bd4,c5 B:Wa2,d2:Bd4,c5)
parts=()
for i in "${!children[@]}"; do
    "$program" solve --fen "${children[$i]}" --proof "$tmp/child$i.proof" >/dev/null
    [[ $? == 0 ]] || fail "child ${children[$i]}"
    parts+=("$tmp/child$i.proof")
done
got=$("$program" solve --combine "$tmp/joined.proof" --fen W:Wa2,c1:Bc5,d4 "${parts[@]}")
[[ $? == 0 && $(echo "$got" | grep -c ": proof OK (") == 7 && $(echo "$got" | tail -1) == "$tmp/joined.proof: proof OK: W:Wc1,a2:Bd4,c5 is a draw for White (White holds: "*" nodes; Black holds: "*" nodes)" ]] ||
    fail "combine: $got"
got=$("$program" solve --verify "$tmp/joined.proof")
[[ $? == 0 && $got == "$tmp/joined.proof: proof OK: W:Wc1,a2:Bd4,c5 is a draw for White ("* ]] || fail "verify the joined proof: $got"
# Without the proof after c1-d2 the first 6 plies searched find Black's hold there too (a capture
# within them ends each line in the tables); with only the root's own ply searched they cannot:
# refused, and nothing written.
got=$("$program" solve --combine "$tmp/fewer.proof" --fen W:Wa2,c1:Bc5,d4 "${parts[@]:0:6}" | tail -1)
[[ $got == "$tmp/fewer.proof: proof OK: W:Wc1,a2:Bd4,c5 is a draw for White ("* ]] || fail "combine of 6: $got"
rm -f "$tmp/fewer.proof"
got=$("$program" solve --combine "$tmp/fewer.proof" --plies 1 --fen W:Wa2,c1:Bc5,d4 "${parts[@]:0:6}" 2>&1 >/dev/null)
[[ $? == 1 && $got == "fetaix: solve --combine: the proofs do not settle W:Wc1,a2:Bd4,c5 within 1 ply: no strategy of Black wins or holds there (after White's c1-d2 a line leaves the proofs)" ]] ||
    fail "combine refused: $got"
[[ ! -e $tmp/fewer.proof ]] || fail "a refused join wrote its file"
expect 2 "" "fetaix: solve --combine FILE needs the proof files to join" solve --combine "$tmp/x.proof"
expect 2 "" "fetaix: solve --combine goes with --fen, --plies and proof files only, not with --nodes" solve --combine "$tmp/x.proof" --nodes 5 "$tmp/win.proof"
expect 2 "" "fetaix: solve: --plies goes with --combine" solve --plies 2
expect 2 "" "fetaix: --plies: expected a number of plies from 0 to 8, not '9'" solve --combine "$tmp/x.proof" --plies 9 "$tmp/win.proof"
expect 2 "" "fetaix: solve --combine: $tmp is a folder, not a file" solve --combine "$tmp" "$tmp/win.proof"
expect 1 "" "fetaix: solve --combine: cannot open $tmp/none: No such file or directory" solve --combine "$tmp/x.proof" "$tmp/none"
[[ ! -e $tmp/x.proof ]] || fail "a refused join wrote its file"

# Inputs that would block or never end (a FIFO, a device) are refused at once, as outputs are.
mkfifo "$tmp/fifo"
expect 1 "" "fetaix: solve --verify: $tmp/fifo is not a regular file" solve --verify "$tmp/fifo"
expect 1 "" "fetaix: solve --book: $tmp/fifo is not a regular file" solve --book "$tmp/fifo"
expect 1 "" "fetaix: solve: $tmp/fifo is not a regular file" solve --resume "$tmp/fifo"
expect 1 "" "fetaix: solve --verify: /dev/zero is not a regular file" solve --verify /dev/zero
expect 1 "" "fetaix: solve --book: /dev/zero is not a regular file" solve --book /dev/zero
# A proof left compressed is named so; a proof made with tables not built here says which are.
gzip -c "$tmp/win.proof" >"$tmp/win.proof.gz"
expect 1 "" "fetaix: solve --verify: $tmp/win.proof.gz is compressed (gzip): unpack it first (gunzip -k $tmp/win.proof.gz)" solve --verify "$tmp/win.proof.gz"
got=$(XDG_DATA_HOME=$tmp/empty "$program" solve --verify "$tmp/win.proof")
[[ $? == 1 && $got == *": not in the proof and not an end of the game or a table position (no endgame tables are built for its rules, backward-captures=no promotion=end majority=no: if the proof was made with them, build them: fetaix tablebase build)" ]] ||
    fail "verify without the tables: $got"
# Under other rules the command given builds their tables, with their switches.
sed 's/^rules backward-captures=no promotion=end majority=no$/rules backward-captures=yes promotion=stop majority=no/' "$tmp/win.proof" >"$tmp/stop.proof"
got=$(XDG_DATA_HOME=$tmp/empty "$program" solve --verify "$tmp/stop.proof")
[[ $? == 1 && $got == *": not in the proof and not an end of the game or a table position (no endgame tables are built for its rules, backward-captures=yes promotion=stop majority=no: if the proof was made with them, build them: fetaix tablebase build --backward-captures --promotion stop)" ]] ||
    fail "verify under other rules without their tables: $got"
# A damaged book is not listed in part: nothing on stdout, the reason on stderr.
cp "$tmp/book" "$tmp/code.book"
size=$(stat -c %s "$tmp/code.book")
printf '\xfe\x3f' | dd of="$tmp/code.book" bs=1 seek=$((size - 2)) conv=notrunc 2>/dev/null
got=$("$program" solve --book "$tmp/code.book" 2>"$tmp/err")
[[ $? == 1 && -z $got && $(cat "$tmp/err") == "fetaix: solve --book: $tmp/code.book: "*": its move is not one of the position's legal moves" ]] ||
    fail "damaged book listed: '$got' '$(cat "$tmp/err")'"
# A book to write is refused as any output is, before a proof is checked: a symbolic link, a missing folder.
ln -s "$tmp/book" "$tmp/link.book"
expect 2 "" "fetaix: solve --book: $tmp/link.book is a symbolic link (to $tmp/book), not a file" solve --book "$tmp/link.book" "$tmp/win.proof"
[ -L "$tmp/link.book" ] || fail "the book's symbolic link was replaced"
expect 2 "" "fetaix: solve --book: cannot write in the folder of $tmp/none/b.book: No such file or directory" solve --book "$tmp/none/b.book" "$tmp/win.proof"
cmp -s "$tmp/book" "$tmp/book.before" || fail "the book changed"
# File names: empty, given twice, or one file for two jobs.
expect 2 "" "fetaix: --proof needs a file name" solve --fen W:WKc3:Bc4 --proof ""
expect 2 "" "fetaix: --proof is given twice" solve --fen W:WKc3:Bc4 --proof "$tmp/a" --proof "$tmp/b"
expect 2 "" "fetaix: --verify is given twice" solve --verify "$tmp/win.proof" --verify "$tmp/win.proof"
expect 2 "" "fetaix: solve: --proof and --checkpoint name the same file, $tmp/same" solve --fen W:WKc3:Bc4 --proof "$tmp/same" --checkpoint "$tmp/same"
expect 2 "" "fetaix: solve: --proof names the checkpoint to resume, $tmp/ck" solve --resume "$tmp/ck" --proof "$tmp/ck"
cp "$tmp/child0.proof" "$tmp/child0.before"
expect 2 "" "fetaix: solve --combine: $tmp/child0.proof is one of the proofs to join: write the joined proof to another file" \
    solve --combine "$tmp/child0.proof" --fen W:Wa2,c1:Bc5,d4 "${parts[@]}"
cmp -s "$tmp/child0.proof" "$tmp/child0.before" || fail "a proof to join was overwritten"
expect 2 "" "fetaix: --time: expected a whole number of seconds from 1 to 100000000, not '1.5'" solve --time 1.5
printf 'fetaix proof 1\n' >"$tmp/head.proof"
expect 1 "" "fetaix: solve --verify: $tmp/head.proof: line 1: ends before 'rules'" solve --verify "$tmp/head.proof"


# analyze plays the compiled-in book: after 1. b2-c3 Black's proven win, at once, without a search. The
# book's wins are with no no-progress limit: so named under the default one, plain with --no-progress 0.
expect 0 $'win with no no-progress limit (proven)\nbestmove d4xb2' "" analyze --fen B:Wa1,b1,c1,d1,e1,a2,c2,d2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5
expect 0 $'win (proven)\nbestmove d4xb2' "" analyze --no-progress 0 --fen B:Wa1,b1,c1,d1,e1,a2,c2,d2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5
got=$("$program" analyze --depth 3 --fen W:Wa1,b1,c1,d1,e1,a2,c2,d2,e2,d3,e3:Bb2,a3,b3,a4,b4,c4,e4,a5,b5,c5,d5,e5)
[[ $? == 0 && $got == *$'\nloss with no no-progress limit (proven)\nbestmove '* ]] || fail "analyze of a proven loss: $got"

# The value found with the 3-piece tables as leaves is the 4-piece table's.
"$program" tablebase build --pieces 4 >/dev/null || fail "build 4"
expect 0 "W:Wc1,a2:Bd4,c5 draw" "" tablebase probe "W:Wa2,c1:Bc5,d4"

if [[ $failures == 0 ]]; then echo "all passed"; else echo "$failures failed"; exit 1; fi
