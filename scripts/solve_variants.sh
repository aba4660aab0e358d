#!/usr/bin/env bash
# Works on the start position of each rule set (docs/variants.md): builds its endgame tables, then runs
# `fetaix solve` for SECONDS, going on from where the last run stopped (its checkpoint), so the work of
# many short runs adds up. A rule set whose proof is in WORK is only re-checked; one whose proof is
# shipped in data/proofs/ is skipped, saying so. Everything is kept in WORK:
#   WORK/tables/                     the tables (XDG_DATA_HOME for fetaix)
#   WORK/<rules>/start.ckpt          the search so far (written every 10 minutes and at the end)
#   WORK/<rules>/start.proof         the proof, once found and checked
#   WORK/<rules>/log                 every run's report, appended
#
#   scripts/solve_variants.sh [--opening] WORK SECONDS [PIECES] [RULES-KEY...]
#
# PIECES is the tables' size (default 5). RULES-KEY picks rule sets by their folder name, for example
# "backward-captures=yes,promotion=immediate,majority=yes"; by default all 12, one after the other.
# --opening works instead on the four positions after White's first move (all four go to c3), each for
# SECONDS with its own checkpoint and proof (WORK/<rules>/after-b2c3.ckpt, after-b2c3.proof, ...); once
# all four are proven, it joins them into WORK/<rules>/start.proof with `fetaix solve --combine`.
# Uses build/fetaix (bash scripts/play.sh builds it). Exit status 0 once every run ended, whatever its value.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fetaix=${FETAIX_BIN:-$root/build/fetaix}
opening=no
if [[ ${1:-} == --opening ]]; then
    opening=yes
    shift
fi
if [[ $# -lt 2 || ! $2 =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/solve_variants.sh [--opening] WORK SECONDS [PIECES] [RULES-KEY...]" >&2
    exit 2
fi
work=$1
seconds=$2
pieces=${3:-5}
shift $(($# < 3 ? $# : 3))
[[ -x $fetaix ]] || { echo "solve_variants: $fetaix is not built (bash scripts/play.sh builds it)" >&2; exit 2; }
mkdir -p "$work/tables"
export XDG_DATA_HOME=$work/tables
# The processor time of each run, where GNU time is installed (Debian's package "time").
timer=()
if [[ -x /usr/bin/time ]]; then timer=(/usr/bin/time -f "cpu: %U s user, %S s system, %M KB resident"); fi

# The positions after White's first move, Black to move: c3 is the only empty point at the start.
declare -A after=(
    [b2c3]="B:Wa1,b1,c1,d1,e1,a2,c2,d2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
    [c2c3]="B:Wa1,b1,c1,d1,e1,a2,b2,d2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
    [d2c3]="B:Wa1,b1,c1,d1,e1,a2,b2,c2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
    [d3c3]="B:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,c3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
)

# work_on DIR NAME FEN FLAGS...: one position's search for SECONDS, from its checkpoint DIR/NAME.ckpt if
# there is one, keeping its proof in DIR/NAME.proof once found and checked (then only re-checked).
work_on() {
    local dir=$1 name=$2 fen=$3
    shift 3
    if [[ -f $dir/$name.proof ]]; then
        "$fetaix" solve --verify "$dir/$name.proof" | tee -a "$dir/log"
        return
    fi
    # fetaix writes a checkpoint whole or not at all, so one left by a run that was killed is good.
    if [[ -f $dir/$name.ckpt.new ]]; then mv "$dir/$name.ckpt.new" "$dir/$name.ckpt"; fi
    local run=(--time "$seconds" --tt 1024 --proof "$dir/$name.proof" --checkpoint "$dir/$name.ckpt.new" --every 600)
    if [[ -f $dir/$name.ckpt ]]; then
        run=(--resume "$dir/$name.ckpt" "${run[@]}")
    else
        run=(--fen "$fen" "$@" "${run[@]}")
    fi
    echo "-- $name ($(date -u +%FT%TZ))" | tee -a "$dir/log"
    # The value is unknown at the time limit (exit status 1): that is this script's normal case.
    "${timer[@]}" "$fetaix" solve "${run[@]}" 2>&1 | tee -a "$dir/log" || true
    # The new checkpoint replaces the old one only once it is written whole.
    if [[ -f $dir/$name.ckpt.new ]]; then mv "$dir/$name.ckpt.new" "$dir/$name.ckpt"; fi
}

start_fen="W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
for backward in no yes; do
    for promotion in end immediate stop; do
        for majority in no yes; do
            key="backward-captures=$backward,promotion=$promotion,majority=$majority"
            if [[ $# -gt 0 ]] && ! printf '%s\n' "$@" | grep -qxF "$key"; then continue; fi
            flags=(--promotion "$promotion")
            [[ $backward == yes ]] && flags+=(--backward-captures)
            [[ $majority == yes ]] && flags+=(--majority)
            dir=$work/$key
            shipped=$root/data/proofs/$key/start.proof.gz
            [[ $key == backward-captures=no,promotion=end,majority=no ]] && shipped=$root/data/proofs/start.proof.gz
            if [[ -f $shipped ]]; then
                echo "== $key: proven, see $shipped (docs/variants.md says how to re-check it)"
                continue
            fi
            mkdir -p "$dir"
            echo "== $key ($(date -u +%FT%TZ))" | tee -a "$dir/log"
            "$fetaix" tablebase build --pieces "$pieces" "${flags[@]}" | tail -1 | tee -a "$dir/log"
            if [[ $opening == no || -f $dir/start.proof ]]; then
                work_on "$dir" start "$start_fen" "${flags[@]}"
                continue
            fi
            proofs=()
            for move in b2c3 c2c3 d2c3 d3c3; do
                work_on "$dir" "after-$move" "${after[$move]}" "${flags[@]}"
                [[ -f $dir/after-$move.proof ]] && proofs+=("$dir/after-$move.proof")
            done
            if [[ ${#proofs[@]} -eq 4 ]]; then
                "${timer[@]}" "$fetaix" solve --combine "$dir/start.proof" --plies 1 \
                    "${proofs[@]}" 2>&1 | tee -a "$dir/log" || true
            fi
        done
    done
done
