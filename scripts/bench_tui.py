#!/usr/bin/env python3
"""Times the terminal game from outside, as a player would feel it.

Runs fetaix in a pseudo-terminal (80x24 unless told, TERM=xterm-256color, UTF-8), and measures:
  - start-up: from exec to the first complete frame (the status line has been written),
  - key response: from writing a key to the end of the screen update it causes,
  - peak resident memory (VmHWM) after a short game.
Prints medians and maxima over many runs. Moves, undo and redo also write the autosave (with fsync) before the screen is redrawn, so their times
include it. Usage: scripts/bench_tui.py [path/to/fetaix] [runs] [COLUMNSxROWS]
(the size decides how large the board is drawn: 250x80 is the largest the goals cover).
"""
import fcntl, os, pty, select, shutil, statistics, struct, sys, tempfile, termios, time

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/fetaix"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 30
COLUMNS, ROWS = (int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "80x24").split("x"))


STATE = tempfile.mkdtemp()  # a fresh autosave folder, so no resume question and no stale game


def spawn():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_STATE_HOME=STATE)
        os.environ.pop("NO_COLOR", None)
        # The size is set on the child's own terminal before fetaix starts, so its first frame has it.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execv(BIN, [BIN, "--new"])
    return pid, fd


def read_until(fd, marker, timeout=5.0):
    """Reads until `marker` has arrived; returns the time it arrived."""
    data = b""
    deadline = time.perf_counter() + timeout
    while marker not in data:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(marker)
        r, _, _ = select.select([fd], [], [], left)
        if r:
            data += os.read(fd, 65536)
    return time.perf_counter()


def drain_quiet(fd, quiet=0.02):
    """Reads until the program has been silent for `quiet` seconds; returns when the last byte came."""
    last = time.perf_counter()
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            return last
        os.read(fd, 65536)
        last = time.perf_counter()


def stop(pid, fd):
    os.write(fd, b"q")
    time.sleep(0.05)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)


startup, keys, memory = [], [], []
for run in range(RUNS):
    t0 = time.perf_counter()
    pid, fd = spawn()
    startup.append(read_until(fd, b"to move") - t0)
    drain_quiet(fd)
    # Cursor moves, a selection and a move: each timed from the write to the last byte of the redraw.
    # The cursor keys as a terminal in keypad mode sends them (ESC O A), as ncurses asks it to.
    for key in [b"\x1bOA", b"\x1bOB", b"h", b"l", b" ", b"\x1bOA", b" ", b"u", b"r", b"?", b"x"]:
        t = time.perf_counter()
        os.write(fd, key)
        keys.append(drain_quiet(fd) - t)
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                memory.append(int(line.split()[1]))
    stop(pid, fd)

shutil.rmtree(STATE)
ms = lambda xs: f"median {statistics.median(xs) * 1000:.1f} ms, max {max(xs) * 1000:.1f} ms"
print(f"runs: {RUNS} at {COLUMNS}x{ROWS}")
print(f"first frame: {ms(startup)}")
print(f"key to redrawn screen: {ms(keys)} over {len(keys)} keys")
print(f"peak resident memory: median {statistics.median(memory) / 1024:.1f} MB, max {max(memory) / 1024:.1f} MB")
