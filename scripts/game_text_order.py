#!/usr/bin/env python3
"""Writes cmake/game_text.ld: the functions a game between two people runs, for the linker to lay out together.

Runs `fetaix --new` under callgrind in a pseudo-terminal (80x24, as a terminal sends its keys), plays a
game at the keyboard (cursor moves and a move by cursor, typed moves, a refused move, undo and redo, the
help's pages, flipping, looking back, quitting), twice (the second game finds the first one's autosave
and history), and writes a linker script that puts every function of
the program that ran first, in one output section before the rest of the code, with the static
initialisers (they all run at start). The build compiles with -ffunction-sections and links with this
script (CMakeLists.txt), so the game's code sits in a few pages instead of spread over all of the
program's 2.3 MB (docs/performance.md). A list gone stale costs only memory, never correctness:
functions not in it are placed after it, names no longer in the program match nothing. Rerun after large
changes to the game's code, on a build of the current code:
    scripts/game_text_order.py build/fetaix > cmake/game_text.ld
"""
import os, pty, re, select, shutil, subprocess, sys, tempfile, fcntl, termios, struct

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/fetaix")
# The keys as a terminal in keypad mode sends them (xterm-256color: the cursor keys are ESC O A...).
UP, DOWN, LEFT, RIGHT, HOME, END = b"\x1bOA", b"\x1bOB", b"\x1bOD", b"\x1bOC", b"\x1bOH", b"\x1bOF"
PGUP, PGDN, ENTER, ESC = b"\x1b[5~", b"\x1b[6~", b"\r", b"\x1b"
KEYS = [UP, DOWN, b"h", b"l", b" ", UP, b" ", b"u", b"r", b"?", PGDN, PGUP, b"x",
        b":", b"c", b"2", b"-", b"c", b"3", ENTER, b":", b"c4xc2", ENTER, b":", b"zz", ENTER, ESC,
        b"z", b"u", b"r", b"f", b"f", b"[", b"]", HOME, END, LEFT, RIGHT, b"q", b"y"]

state = tempfile.mkdtemp()


def drain(fd, quiet):
    """Reads until the program has been silent for `quiet` seconds (it runs slowly under valgrind)."""
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            return
        try:
            os.read(fd, 65536)
        except OSError:
            return


def play(profile):
    """One game under callgrind, its profile written to `profile`."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_STATE_HOME=state,
                          XDG_CONFIG_HOME=state)
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execvp("valgrind", ["valgrind", "--tool=callgrind", "--demangle=no",
                               f"--callgrind-out-file={profile}", BIN, "--new"])
    # The first frame: keys typed before it are thrown away with the terminal's typeahead.
    seen = b""
    while b"to move" not in seen:
        r, _, _ = select.select([fd], [], [], 120)
        if not r:
            sys.exit("the game did not show its first frame under valgrind")
        seen += os.read(fd, 65536)
    drain(fd, 1.0)
    for key in KEYS:
        os.write(fd, key)
        drain(fd, 1.0)
    os.waitpid(pid, 0)
    os.close(fd)


# The first game on a new machine, and a later one, which reads the games kept before it.
ran = set()
for game in ("first", "later"):
    profile = os.path.join(state, f"callgrind.{game}")
    play(profile)
    report = subprocess.run(["callgrind_annotate", "--threshold=100", profile], capture_output=True,
                            text=True, check=True).stdout
    # The program's own functions (valgrind names the object ??? once it is laid out by cmake/game_text.ld).
    ran |= set(re.findall(r"\?\?\?:(\S+?)(?:'\d+)? \[(?:" + re.escape(BIN) + r"|\?\?\?)\]", report))
symbols = subprocess.run(["nm", BIN], capture_output=True, text=True, check=True).stdout
functions = re.findall(r"^([0-9a-f]+) [tTwW] (\S+)$", symbols, re.M)
shutil.rmtree(state)
# Every name at the address of one that ran: a constructor's section may bear its alias's name.
addresses = {address for address, name in functions if name in ran}
names = sorted({name for address, name in functions if address in addresses})
if "_ZN6fetaix4Game4playERKNS_4MoveE" not in names:
    sys.exit("no move was played under valgrind: the keys did not reach the game")
print("/* The code a game between two people runs, first: written by scripts/game_text_order.py. */")
# With the static initialisers and libgcc's few functions (its CPU check runs at start), whose sections
# carry no function names.
print("SECTIONS\n{\n  .text.game :\n  {\n    *(.text.startup .text.startup.*)\n    *libgcc.a:*(.text .text.*)")
print("\n".join(f"    *(.text.{name})" for name in names))
print("  }\n}\nINSERT BEFORE .text;")
