#!/bin/bash
# fetaix tablebase build, probe and verify on the tables of up to 3 pieces, in a fresh XDG_DATA_HOME:
# the values, going on after an interrupted build, the checksums, and every bad input.
set -u
program=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp
folder="$tmp/fetaix/tablebases/backward-captures=no,promotion=end,majority=no"
failures=0

# expect STATUS STDOUT STDERR ARGS...: fetaix ARGS prints exactly these and exits with STATUS.
expect() {
    local status=$1 out=$2 err=$3
    shift 3
    local got_out got_err got_status
    # Bounded: a command that hangs (a FIFO) fails the test, it does not stall it.
    got_out=$(timeout 20 "$program" "$@" 2>"$tmp/err")
    got_status=$?
    got_err=$(cat "$tmp/err")
    if [[ $got_status != "$status" || $got_out != "$out" || $got_err != "$err" ]]; then
        echo "FAIL: fetaix $*"
        echo "  status $got_status, expected $status"
        echo "  stdout '$got_out', expected '$out'"
        echo "  stderr '$got_err', expected '$err'"
        failures=$((failures + 1))
    fi
}

expect 1 "" "fetaix: tablebase probe: W:WKc3:Bc4 has 2 pieces; the tables for backward-captures=no,promotion=end,majority=no are not built (fetaix tablebase build --pieces 2)" \
    tablebase probe W:WKc3:Bc4
# The suggested command builds the tables of the rules asked about, not the default rules' set.
expect 1 "" "fetaix: tablebase probe: W:WKc3:Bc4 has 2 pieces; the tables for backward-captures=yes,promotion=immediate,majority=yes are not built (fetaix tablebase build --pieces 2 --backward-captures --promotion immediate --majority)" \
    tablebase probe W:WKc3:Bc4 --majority --promotion immediate --backward-captures
"$program" tablebase build --pieces 3 >"$tmp/build" || { echo "FAIL: build"; failures=$((failures + 1)); }
grep -q "^tables of up to 3 pieces in $folder" "$tmp/build" || { echo "FAIL: build's last line"; cat "$tmp/build"; failures=$((failures + 1)); }
expect 0 "W:WKc3:Bc4 win 1" "" tablebase probe W:WKc3:Bc4
expect 0 "B:WKc3:Bc4 win 1" "" tablebase probe "B:WKc3:Bc4"
expect 0 "W:W:BKc4 loss 0" "" tablebase probe "W:W:BKc4"
expect 1 "" "fetaix: tablebase probe: W:Wa4:Bb4,c4,a5 has 4 pieces; the tables for backward-captures=no,promotion=end,majority=no hold up to 3 (fetaix tablebase build --pieces 4)" \
    tablebase probe "W:Wa4:Ba5,b4,c4"

# analyze answers from the tables: the shortest win and its move.
expect 0 $'win in 1 ply (tablebase)\nbestmove c3xc5' "" analyze --fen W:WKc3:Bc4

# An interrupted build: one material's file and manifest line gone. Only that one is built again.
sed -i '/^1m1k-1m0k /d' "$folder/manifest.txt"
rm "$folder/1m1k-1m0k.tb"
"$program" tablebase build --pieces 3 >"$tmp/again"
built=$(grep -c "entries=" "$tmp/again")
kept=$(grep -c " kept$" "$tmp/again")
grep -q "^1m1k-1m0k entries=" "$tmp/again" && [[ $built == 1 && $kept == 8 ]] ||
    { echo "FAIL: resumed build built $built, kept $kept"; cat "$tmp/again"; failures=$((failures + 1)); }
"$program" tablebase verify >"$tmp/verify" || { echo "FAIL: verify"; failures=$((failures + 1)); }
[[ $(tail -n 1 "$tmp/verify") == "every table of up to 3 pieces is consistent and matches its checksum" ]] ||
    { echo "FAIL: verify's last line"; cat "$tmp/verify"; failures=$((failures + 1)); }

# The shares of one material, counted by hand: Black's mullah against White's man, Black to move (stored
# for White's mullah against Black's man, its mirror).
"$program" tablebase stats >"$tmp/stats" || { echo "FAIL: stats"; failures=$((failures + 1)); }
grep -q "^1m0k-0m1k B to move: 480 positions, won " "$tmp/stats" || { echo "FAIL: stats"; cat "$tmp/stats"; failures=$((failures + 1)); }

# quiet: per material the longest quiet stretch of a won and a lost position (derived in
# tests/test_tablebase.cpp), then whether the no-progress limit changes a value.
"$program" tablebase quiet >"$tmp/quiet" || { echo "FAIL: quiet"; failures=$((failures + 1)); }
[[ $(grep -c . "$tmp/quiet") == 10 && $(grep -c "; within 50$" "$tmp/quiet") == 9 ]] &&
    grep -qx "1m1k-0m1k won 12 W:Wa2,Kd3:BKe1, lost 13 B:Wa2,Kd3:BKb1; within 50" "$tmp/quiet" &&
    [[ $(tail -n 1 "$tmp/quiet") == "the longest quiet stretch of up to 3 pieces is 13 plies (1m1k-0m1k): no-progress 50 changes no value or distance (the count at 0)" ]] ||
    { echo "FAIL: quiet"; cat "$tmp/quiet"; failures=$((failures + 1)); }
"$program" tablebase quiet --no-progress 10 >"$tmp/quiet"
grep -qx "1m1k-0m1k won 12 W:Wa2,Kd3:BKe1, lost 13 B:Wa2,Kd3:BKb1; over 10 in 56 positions" "$tmp/quiet" &&
    [[ $(tail -n 1 "$tmp/quiet") == "the longest quiet stretch of up to 3 pieces is 13 plies (1m1k-0m1k): in 56 positions the shortest win reaches the no-progress count of 10" ]] ||
    { echo "FAIL: quiet --no-progress 10"; cat "$tmp/quiet"; failures=$((failures + 1)); }
[[ $("$program" tablebase quiet --no-progress 0 | tail -n 1) == "the longest quiet stretch of up to 3 pieces is 13 plies (1m1k-0m1k); no-progress is off" ]] ||
    { echo "FAIL: quiet --no-progress 0"; failures=$((failures + 1)); }
XDG_DATA_HOME=$tmp/none expect 1 "" "fetaix: tablebase quiet: no tables in $tmp/none/fetaix/tablebases/backward-captures=no,promotion=end,majority=no (fetaix tablebase build)" \
    tablebase quiet

# A table or the manifest that is no regular file: a folder, a FIFO nobody writes to, a link to
# /dev/zero (never read: at most 1 GB of memory is allowed here). Every command says so in one line at
# once; analyze says so and answers without it.
table="$folder/1m0k-0m1k.tb"
mv "$table" "$tmp/table"
cut_table() { rm -rf "$table"; }
# The reads that once had no bound (a table linked to /dev/zero) are held to 1 GB of address space,
# except under AddressSanitizer, which reserves terabytes of it for its shadow at start: there the 20 s
# timeout bounds them, and the Release run of this test holds the memory.
bound_memory() { [ -n "${FETAIX_SANITIZED:-}" ] || ulimit -v 1000000; }

for kind in folder fifo zero; do
    cut_table
    case $kind in
        folder) mkdir "$table"; why="$table is a folder, not an endgame table" ;;
        fifo) mkfifo "$table"; why="$table is not a regular file" ;;
        zero) ln -s /dev/zero "$table"; why="$table is not a regular file" ;;
    esac
    (
        bound_memory
        failures=0
        expect 1 "" "fetaix: tablebase probe: $why" tablebase probe W:WKc3:Bc4
        expect 1 "0m1k-0m1k ok" "fetaix: tablebase verify: $why" tablebase verify
        expect 1 "0m1k-0m1k W to move: 600 positions, won 25.3% drawn 74.7% lost 0.0%; longest win 1 W:WKa1:BKb1; a draw W:WKa1:BKe1
0m1k-0m1k B to move: 600 positions, won 25.3% drawn 74.7% lost 0.0%; longest win 1 B:WKb1:BKa1; a draw B:WKa1:BKb1" \
            "fetaix: tablebase stats: $why" tablebase stats
        got_out=$(timeout 20 "$program" analyze --fen W:WKc3:Bc4 2>"$tmp/err")
        [[ $? == 0 && $(tail -n 1 <<<"$got_out") == "bestmove c3xc5" && $(cat "$tmp/err") == "fetaix: analyze: endgame table not used: $why" ]] ||
            { echo "FAIL: analyze with the table a $kind: $got_out / $(cat "$tmp/err")"; exit 1; }
        exit $failures
    ) || failures=$((failures + 1))
done
# A table of the wrong size: refused before it is read.
cut_table
head -c 100 "$tmp/table" >"$table"
expect 1 "" "fetaix: tablebase probe: $table: 100 bytes, expected $(stat -c %s "$tmp/table")" tablebase probe W:WKc3:Bc4
cut_table
mv "$tmp/table" "$table"
mv "$folder/manifest.txt" "$tmp/manifest"
manifest="$folder/manifest.txt"
for kind in folder fifo zero large; do
    rm -rf "$manifest"
    case $kind in
        folder) mkdir "$manifest"; why="$manifest is a folder, not a tablebase manifest" ;;
        fifo) mkfifo "$manifest"; why="$manifest is not a regular file" ;;
        zero) ln -s /dev/zero "$manifest"; why="$manifest is not a regular file" ;;
        large) truncate -s 2M "$manifest"; why="$manifest is too large for a tablebase manifest (over 1 MiB)" ;;
    esac
    (
        bound_memory
        failures=0
        expect 1 "" "fetaix: tablebase probe: $why" tablebase probe W:WKc3:Bc4
        expect 1 "" "fetaix: tablebase verify: $why" tablebase verify
        expect 1 "" "fetaix: tablebase stats: $why" tablebase stats
        expect 1 "" "fetaix: tablebase build: $why" tablebase build --pieces 3
        got_out=$(timeout 20 "$program" analyze --fen W:WKc3:Bc4 2>"$tmp/err")
        [[ $? == 0 && $(tail -n 1 <<<"$got_out") == "bestmove c3xc5" && $(cat "$tmp/err") == "fetaix: analyze: endgame table not used: $why" ]] ||
            { echo "FAIL: analyze with the manifest a $kind: $got_out / $(cat "$tmp/err")"; exit 1; }
        exit $failures
    ) || failures=$((failures + 1))
done
rm -rf "$manifest"
mv "$tmp/manifest" "$manifest"
# A manifest that lists a wrong number of entries for a table of the right size: the message names both
# numbers and the manifest (it once said "N bytes, expected N" of the table).
entries=$(awk '$1 == "1m0k-0m1k" { print $2 }' "$manifest")
cp "$manifest" "$tmp/manifest"
awk '$1 == "1m0k-0m1k" { $2 = $2 + 1 } { print }' "$tmp/manifest" >"$manifest"
expect 1 "" "fetaix: tablebase probe: $manifest: 1m0k-0m1k has $((entries + 1)) entries, expected $entries" tablebase probe W:WKc3:Bc4
mv "$tmp/manifest" "$manifest"
# A count with a sign is no count (a stream read "-1" as 18446744073709551615).
cp "$manifest" "$tmp/manifest"
awk '$1 == "1m0k-0m1k" { $2 = -1 } { print }' "$tmp/manifest" >"$manifest"
line=$(grep '^1m0k-0m1k ' "$manifest")
expect 1 "" "fetaix: tablebase probe: $manifest: unreadable line '$line'" tablebase probe W:WKc3:Bc4
mv "$tmp/manifest" "$manifest"

# A changed byte: verify, probe and build all refuse the file.
printf '\x07' | dd of="$folder/1m0k-0m1k.tb" bs=1 seek=100 conv=notrunc status=none
sum=$(awk '$1 == "1m0k-0m1k" { print $3 }' "$folder/manifest.txt")
"$program" tablebase verify >/dev/null 2>"$tmp/err"
[[ $? == 1 && $(cat "$tmp/err") == "fetaix: tablebase verify: $folder/1m0k-0m1k.tb: checksum "*" does not match the manifest's $sum" ]] ||
    { echo "FAIL: verify of a changed file: $(cat "$tmp/err")"; failures=$((failures + 1)); }

# A build killed part way (4 pieces): the materials it finished are kept, the rest built, and all check.
export XDG_DATA_HOME=$tmp/killed
killed="$XDG_DATA_HOME/fetaix/tablebases/backward-captures=no,promotion=end,majority=no"
"$program" tablebase build --pieces 4 >"$tmp/first" &
builder=$!
for ((i = 0; i < 600; ++i)); do  # until some 4-piece material is finished (or the build ends)
    grep -q "^[0-9]m[0-9]k-[0-9]m[0-9]k " "$killed/manifest.txt" 2>/dev/null && [[ $(grep -c . "$killed/manifest.txt") -gt 12 ]] && break
    kill -0 $builder 2>/dev/null || break
    sleep 0.05
done
kill -KILL $builder 2>/dev/null
wait $builder 2>/dev/null
finished=$(($(grep -c . "$killed/manifest.txt") - 1))
# stats lists the finished materials of the unfinished piece count too.
four=$(awk 'NR > 1 { n = $1; gsub(/[^0-9]/, "", n); if (substr(n, 1, 1) + substr(n, 2, 1) + substr(n, 3, 1) + substr(n, 4, 1) == 4) { print $1; exit } }' "$killed/manifest.txt")
[[ -n $four ]] && "$program" tablebase stats | grep -q "^$four W to move: " ||
    { echo "FAIL: stats after a killed build does not list '$four'"; failures=$((failures + 1)); }
"$program" tablebase build --pieces 4 >"$tmp/second"
kept=$(grep -c " kept$" "$tmp/second")
built=$(grep -c "entries=" "$tmp/second")
[[ $kept == "$finished" && $((kept + built)) == 23 && $finished -lt 23 ]] ||
    { echo "FAIL: killed build: $finished finished, then $kept kept and $built built"; failures=$((failures + 1)); }
[[ $("$program" tablebase verify | tail -n 1) == "every table of up to 4 pieces is consistent and matches its checksum" ]] ||
    { echo "FAIL: verify after a killed build"; failures=$((failures + 1)); }

# Tables of the older format (two bytes an entry): refused with what to do.
mkdir -p "$tmp/old/fetaix/tablebases/backward-captures=no,promotion=end,majority=no"
echo "fetaix tablebase 1 backward-captures=no,promotion=end,majority=no" >"$tmp/old/fetaix/tablebases/backward-captures=no,promotion=end,majority=no/manifest.txt"
XDG_DATA_HOME=$tmp/old expect 1 "" "fetaix: tablebase probe: $tmp/old/fetaix/tablebases/backward-captures=no,promotion=end,majority=no/manifest.txt: tables of an older format (two bytes an entry); remove $tmp/old/fetaix/tablebases/backward-captures=no,promotion=end,majority=no and build again" \
    tablebase probe W:WKc3:Bc4
export XDG_DATA_HOME=$tmp

# Bad input: a clear message and status 2.
expect 2 "" "fetaix: tablebase: expected build, probe, verify, stats or quiet, not 'solve'" tablebase solve
expect 2 "" "fetaix: tablebase probe needs a position, such as W:WKc3:Bc4" tablebase probe
expect 2 "" "fetaix: tablebase probe: column 1: the position must start with the side to move, W or B" tablebase probe X:Wa1:Ba5
expect 2 "" "fetaix: tablebase probe: W:Wa1:B: Black has no pieces, yet the game did not end before White's move" tablebase probe W:Wa1:B
expect 2 "" "fetaix: --pieces: expected a number of pieces from 2 to 7, not '8'" tablebase build --pieces 8
expect 2 "" "fetaix: tablebase verify: --pieces goes with build" tablebase verify --pieces 3
expect 2 "" "fetaix: tablebase quiet: --pieces goes with build" tablebase quiet --pieces 3
expect 2 "" "fetaix: tablebase quiet: unexpected argument 'W:Wa1:Ba5'" tablebase quiet W:Wa1:Ba5
expect 2 "" "fetaix: tablebase build: unexpected argument 'W:Wa1:Ba5'" tablebase build W:Wa1:Ba5

if ((failures > 0)); then
    echo "$failures failed"
    exit 1
fi
echo "all passed"
