#!/bin/bash
# A shipped proof of a rule variant (data/proofs/<rules>/start.proof.gz) re-checked twice on the tables
# it rests on, built here in a fresh XDG_DATA_HOME: by the rules core (fetaix solve --verify) and by the
# tests' reference generator (reference_check), which walks every table position down to the game's end.
#   variant_proof.sh FETAIX REFERENCE_CHECK SOURCE_DIR
set -u
program=$1
reference=$2
source_dir=$3
rules="backward-captures=yes,promotion=immediate,majority=yes"
start="W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp/data
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

gzip -dc "$source_dir/data/proofs/$rules/start.proof.gz" >"$tmp/start.proof" || fail "the proof is not in data/proofs/$rules"
"$program" tablebase build --pieces 5 --backward-captures --promotion immediate --majority >/dev/null || fail "build"
got=$("$program" solve --verify "$tmp/start.proof" 2>&1)
[[ $got == "$tmp/start.proof: proof OK: $start is a loss for White (Black wins: 375334 nodes)" ]] ||
    fail "solve --verify: $got"
got=$("$reference" "$tmp/start.proof" 2>&1)
[[ $got == "$tmp/start.proof: reference check OK: $start is a loss for White (Black wins: 375334 proof nodes, 562515 below its table positions)" ]] ||
    fail "reference_check: $got"
# One move of Black's strategy changed to a step the rules do not allow there (a capture is compulsory):
# refused by both checks.
sed '0,/ d4xb2$/s// d4-c3/' "$tmp/start.proof" >"$tmp/changed.proof"
cmp -s "$tmp/start.proof" "$tmp/changed.proof" && fail "the proof has no Black move d4xb2 to change"
"$program" solve --verify "$tmp/changed.proof" >/dev/null 2>&1 && fail "solve --verify took the changed proof"
"$reference" "$tmp/changed.proof" >"$tmp/out" 2>&1 && fail "reference_check took the changed proof"
grep -q "the move 'd4-c3' is not one the reference generates" "$tmp/out" || fail "reference_check: $(cat "$tmp/out")"

if [[ $failures == 0 ]]; then echo "all passed"; else echo "$failures failed"; exit 1; fi
