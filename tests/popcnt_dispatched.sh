#!/usr/bin/env bash
# The popcnt instruction is in the program only inside perft's bulk count compiled for it
# (detail::leaf_count with HardwareBits), which perft runs only after finding popcnt on the CPU: all the
# rest runs on any x86-64. Off x86 there is no such copy and no popcnt.
#   popcnt_dispatched.sh PROGRAM
set -euo pipefail
program=$1
listing=$(objdump -d --no-show-raw-insn -C "$program")
# The functions with a popcnt instruction, one line each.
holders=$(awk '/^[0-9a-f]+ <.*>:$/ { name = $0 } /:\tpopcnt/ { print name }' <<<"$listing" | sort -u)
case $(uname -m) in
x86_64 | i?86)
    [ -n "$holders" ] || { echo "FAIL: no function holds popcnt: the copy for it was not compiled"; exit 1; }
    others=$(grep -v 'fetaix::detail::leaf_count<.*fetaix::HardwareBits)' <<<"$holders" || true)
    [ -z "$others" ] || { echo "FAIL: popcnt outside the dispatched copy:"; echo "$others"; exit 1; }
    echo "popcnt in $(wc -l <<<"$holders") copies of leaf_count<..., HardwareBits> only"
    ;;
*)
    [ -z "$holders" ] || { echo "FAIL: popcnt off x86:"; echo "$holders"; exit 1; }
    ;;
esac
echo "all passed"
