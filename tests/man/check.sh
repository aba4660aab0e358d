#!/usr/bin/env bash
# The man page: groff finds nothing to warn about, and man renders the entries as sentences (a macro
# misused once ran "n." and the next sentence together). Usage: check.sh PAGE
set -u
page=${1:?man page}
warnings=$(groff -man -ww -z "$page" 2>&1)
[ -z "$warnings" ] || { echo "FAIL: groff warns:"; echo "$warnings"; exit 1; }
text=$(MANWIDTH=80 man -l "$page" 2>&1 | col -bx | tr -s '[:space:]' ' ')
for phrase in "accepts with y or declines with n. The computer answers at once" "fetaix - Fetaix (qireq)" "FILES" \
              "The computer's time per move, from 0.05 to 3600 seconds (default 3; level 8 uses all of it); analyze and bench --search take the same range." \
              "fetaix [COMMAND] --help" "is given as ./perft or after --: fetaix -- perft."; do
    case "$text" in
        *"$phrase"*) ;;
        *) echo "FAIL: man -l does not show '$phrase'"; exit 1 ;;
    esac
done
echo "man page: no warning; rendered as expected"
