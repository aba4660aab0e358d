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
#   scripts/solve_variants.sh WORK SECONDS [PIECES] [RULES-KEY...]
#
# PIECES is the tables' size (default 5). RULES-KEY picks rule sets by their folder name, for example
# "backward-captures=yes,promotion=immediate,majority=yes"; by default all 12, one after the other.
# Uses build/fetaix (bash scripts/play.sh builds it). Exit status 0 once every run ended, whatever its value.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fetaix=${FETAIX_BIN:-$root/build/fetaix}
if [[ $# -lt 2 || ! $2 =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/solve_variants.sh WORK SECONDS [PIECES] [RULES-KEY...]" >&2
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
            # fetaix writes a checkpoint whole or not at all, so one left by a run that was killed is good.
            if [[ -f $dir/start.ckpt.new ]]; then mv "$dir/start.ckpt.new" "$dir/start.ckpt"; fi
            echo "== $key ($(date -u +%FT%TZ))" | tee -a "$dir/log"
            "$fetaix" tablebase build --pieces "$pieces" "${flags[@]}" | tail -1 | tee -a "$dir/log"
            if [[ -f $dir/start.proof ]]; then
                "$fetaix" solve --verify "$dir/start.proof" | tee -a "$dir/log"
                continue
            fi
            run=(--time "$seconds" --tt 1024 --proof "$dir/start.proof" --checkpoint "$dir/start.ckpt.new" --every 600)
            if [[ -f $dir/start.ckpt ]]; then
                run=(--resume "$dir/start.ckpt" "${run[@]}")
            else
                run=("${flags[@]}" "${run[@]}")
            fi
            # The value is unknown at the time limit (exit status 1): that is this script's normal case.
            "${timer[@]}" "$fetaix" solve "${run[@]}" 2>&1 | tee -a "$dir/log" || true
            # The new checkpoint replaces the old one only once it is written whole.
            if [[ -f $dir/start.ckpt.new ]]; then mv "$dir/start.ckpt.new" "$dir/start.ckpt"; fi
        done
    done
done
