#!/usr/bin/env python3
"""Writes the list of functions a game between two people runs, for the linker to lay out together.

Runs `fetaix --new` under callgrind in a pseudo-terminal (80x24), plays the keys of scripts/bench_tui.py,
quits, and writes one `.text.NAME` line per function of the program that ran (mangled names, sorted).
The build hands the list to gold (--section-ordering-file) with -ffunction-sections, so the game's code
sits in a few pages instead of spread over all of the program's 2.3 MB (docs/performance.md). A list
gone stale costs only memory: functions not in it are placed after it, names no longer in the program
are ignored. Rerun after large changes to the game's code:
    scripts/game_text_order.py build/fetaix > cmake/game_text_order.txt
"""
import os, pty, re, select, shutil, subprocess, sys, tempfile

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/fetaix")
# The bench's keys (scripts/bench_tui.py): cursor moves, a selection and a move, undo, redo, help.
KEYS = [b"\x1b[A", b"\x1b[B", b"h", b"l", b" ", b"\x1b[A", b" ", b"u", b"r", b"?", b"x", b"q"]

state = tempfile.mkdtemp()
profile = os.path.join(state, "callgrind.out")


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


pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_STATE_HOME=state,
                      XDG_CONFIG_HOME=state, LINES="24", COLUMNS="80")
    os.execvp("valgrind", ["valgrind", "--tool=callgrind", "--demangle=no",
                           f"--callgrind-out-file={profile}", BIN, "--new"])
drain(fd, 3.0)
for key in KEYS:
    os.write(fd, key)
    drain(fd, 0.5)
os.waitpid(pid, 0)

report = subprocess.run(["callgrind_annotate", "--threshold=100", profile], capture_output=True, text=True,
                        check=True).stdout
ran = set(re.findall(r"\?\?\?:(\S+) \[" + re.escape(BIN) + r"\]", report))
symbols = subprocess.run(["nm", BIN], capture_output=True, text=True, check=True).stdout
functions = re.findall(r"^([0-9a-f]+) [tTwW] (\S+)$", symbols, re.M)
shutil.rmtree(state)
# Every name at the address of one that ran: a constructor's section may bear its alias's name.
addresses = {address for address, name in functions if name in ran}
names = sorted({name for address, name in functions if address in addresses})
if not names:
    sys.exit("no function of the program ran: was it built, and is valgrind installed?")
print("\n".join(f".text.{name}" for name in names))
