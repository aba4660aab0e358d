# Sourced by play.sh and test.sh: installs what the build needs with apt-get when it can,
# and otherwise says what to install.

fetaix_need() {
    # Prints the Debian packages that are missing for the given commands and files.
    local missing=()
    command -v cmake >/dev/null 2>&1 || missing+=(cmake)
    command -v g++ >/dev/null 2>&1 || missing+=(g++)
    command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
    [ -e /usr/include/ncurses.h ] || [ -e /usr/include/ncursesw/ncurses.h ] || missing+=(libncurses-dev)
    # The SSH server (fetaix serve): libssh's server API, found through pkg-config, and SQLite.
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    [ -e /usr/include/libssh/server.h ] || missing+=(libssh-dev)
    [ -e /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
    for extra in "$@"; do
        case "$extra" in
            catch2) [ -e /usr/include/catch2/catch.hpp ] || missing+=(catch2) ;;
            # The command line's parser (header-only).
            cli11) [ -e /usr/include/CLI/CLI.hpp ] || missing+=(libcli11-dev) ;;
            # The settings file's reader.
            toml) [ -e /usr/include/toml++/toml.h ] || missing+=(libtomlplusplus-dev) ;;
            tmux) command -v tmux >/dev/null 2>&1 || missing+=(tmux) ;;
            # The server's end-to-end tests play through the real ssh client and make its keys.
            ssh) command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1 || missing+=(openssh-client) ;;
            # The hostile clients of the network's end-to-end tests (tests/e2e/hostile.py), run as
            # another user too: the system's own python3.
            python3) [ -x /usr/bin/python3 ] || missing+=(python3) ;;
            # The package test: CPack's DEB generator runs file(1) and dpkg-shlibdeps on the program.
            dpkg-dev)
                command -v dpkg-shlibdeps >/dev/null 2>&1 || missing+=(dpkg-dev)
                command -v file >/dev/null 2>&1 || missing+=(file) ;;
            # The man page test renders the page.
            man)
                command -v groff >/dev/null 2>&1 || missing+=(groff-base)
                command -v man >/dev/null 2>&1 || missing+=(man-db)
                command -v col >/dev/null 2>&1 || missing+=(bsdextrautils) ;;
            # The style check (scripts/format.sh): the clang-format the .clang-format is written for.
            clang-format) command -v clang-format-14 >/dev/null 2>&1 || missing+=(clang-format-14) ;;
            # clang with its libFuzzer and sanitizer runtimes, for scripts/fuzz.sh.
            clang)
                command -v clang++ >/dev/null 2>&1 || missing+=(clang)
                compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null ||
                    missing+=(libclang-rt-dev) ;;
        esac
    done
    echo "${missing[@]}"
}

fetaix_install_deps() {
    local missing
    missing=$(fetaix_need "$@")
    [ -z "$missing" ] && return 0
    echo "fetaix: installing $missing" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "fetaix: please install these Debian packages first: $missing" >&2
            return 1
        fi
    fi
    # shellcheck disable=SC2086
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing; } >&2; then
        echo "fetaix: could not install: $missing; please install them (apt-get install $missing)" >&2
        return 1
    fi
}
