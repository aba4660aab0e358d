#!/usr/bin/env bash
# End-to-end tests of the terminal game: the real program in tmux (helpers in lib.sh). Each test NAME is
# a function e2e_NAME in the area file of what it checks, every tests/e2e/*.sh but this one and lib.sh,
# and NAME is in the e2e list of tests/CMakeLists.txt (docs/testing.md: adding one).
#   FETAIX_BIN=path run.sh NAME   runs the test NAME
#   run.sh --check NAME...        the NAMEs (the registered tests) are exactly the tests the area files
#                                 define, each in one file: none dropped, none written and never run
set -u
here=$(dirname "$0")
areas=()
for area in "$here"/*.sh; do
    case ${area##*/} in run.sh | lib.sh) ;; *) areas+=("$area") ;; esac
done

# defined AREA: the tests the area file AREA defines, one a line (read by a bash of its own, so that
# a test defined in two files is seen in both).
defined() { bash -c 'source "$1" || exit 1; compgen -A function e2e_ | sed s/^e2e_//' defined "$1"; }

if [ "${1:-}" = --check ]; then
    shift
    declare -A registered=() where=()
    for name in "$@"; do registered[$name]=1; done
    problems=()
    for area in "${areas[@]}"; do
        names=$(defined "$area") || { problems+=("${area##*/} does not load"); continue; }
        for name in $names; do
            [ -z "${where[$name]:-}" ] || problems+=("e2e_$name is defined in both ${where[$name]} and ${area##*/}")
            where[$name]=${area##*/}
            [ -n "${registered[$name]:-}" ] ||
                problems+=("e2e_$name in ${area##*/} is not in the e2e list of tests/CMakeLists.txt, so it never runs")
        done
    done
    for name in "$@"; do
        [ -n "${where[$name]:-}" ] || problems+=("e2e $name is registered in tests/CMakeLists.txt, but no area file defines e2e_$name")
    done
    if ((${#problems[@]})); then
        printf 'FAIL: %s\n' "${problems[@]}" >&2
        exit 1
    fi
    echo "PASS: the ${#registered[@]} registered e2e tests, each defined in one of the ${#areas[@]} area files, and no other"
    exit 0
fi

for area in "${areas[@]}"; do source "$area"; done
if ! declare -F "e2e_${1:?test name}" >/dev/null; then
    echo "unknown test $1 (the tests are the e2e_NAME functions of tests/e2e/*.sh)" >&2
    exit 2
fi
source "$here/lib.sh"
# A test gets its own name: private_mounts runs it again by that name.
"e2e_$1" "$1"
echo "PASS: $1"
