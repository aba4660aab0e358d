#!/usr/bin/env python3
"""Times a move between two terminals, as the players see it (the goal: within 50 ms).

Runs `fetaix host` and `fetaix join` each in a pseudo-terminal of its own (80x24, TERM=xterm-256color,
UTF-8, a fresh XDG_RUNTIME_DIR and state folder), then repeatedly: White types d3-c3 at the host's
move prompt; the time runs from writing Enter to the host's terminal until the move has reached the
joiner's screen (its move list is redrawn with d3-c3); then the joiner replies b3xd3, timed from its
Enter to its own screen and to the host's; then the host asks a take-back (both moves), the joiner
accepts, and the next move starts from the beginning again. Prints the medians and the worst.
Usage: scripts/bench_net_tui.py [path/to/fetaix] [moves]
"""
import fcntl, os, pty, select, shutil, statistics, struct, sys, tempfile, termios, time

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/fetaix"
MOVES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
ROWS, COLUMNS = 24, 80
STATE = tempfile.mkdtemp()
RUNTIME = tempfile.mkdtemp()  # mode 0700, as the game's folder's parent must be for a private game


def spawn(*args):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_STATE_HOME=STATE,
                          XDG_RUNTIME_DIR=RUNTIME, XDG_CONFIG_HOME=STATE)
        os.environ.pop("NO_COLOR", None)
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execv(BIN, [BIN, *args])
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
    while select.select([fd], [], [], quiet)[0]:
        os.read(fd, 65536)


host, host_fd = spawn("host", "bench")
read_until(host_fd, b"bench")
drain_quiet(host_fd)
join, join_fd = spawn("join", "bench", "--name", "Youssef")
read_until(join_fd, b"waiting")
read_until(host_fd, b"joined")
drain_quiet(host_fd)
drain_quiet(join_fd)

times, own, across = [], [], []
for _ in range(MOVES):
    os.write(host_fd, b":d3-c3")
    drain_quiet(host_fd)
    t = time.perf_counter()
    os.write(host_fd, b"\r")
    # The move list's "1. d3-c3" (ncurses may skip the blanks of a line, never a word's letters).
    times.append(read_until(join_fd, b"d3-c3") - t)
    drain_quiet(join_fd)
    drain_quiet(host_fd)
    # The joiner's reply: the host plays it and sends it back, so its own screen shows it after the
    # round trip, and the host's as soon as the host has played it.
    os.write(join_fd, b":b3xd3")
    drain_quiet(join_fd)
    t = time.perf_counter()
    os.write(join_fd, b"\r")
    own.append(read_until(join_fd, b"b3xd3") - t)
    across.append(read_until(host_fd, b"b3xd3") - t)
    drain_quiet(join_fd)
    drain_quiet(host_fd)
    os.write(host_fd, b"u")
    read_until(join_fd, b"Accept?")
    drain_quiet(join_fd)
    os.write(join_fd, b"y")
    read_until(host_fd, b"take-back.")
    drain_quiet(host_fd)
    drain_quiet(join_fd)

for pid, fd in ((join, join_fd), (host, host_fd)):
    os.kill(pid, 15)
    os.waitpid(pid, 0)
    os.close(fd)
shutil.rmtree(STATE)
shutil.rmtree(RUNTIME)

def summary(name, values):
    return f"{name}: median {statistics.median(values) * 1000:.2f} ms, worst {max(values) * 1000:.2f} ms"


print(f"moves: {len(times)}; " + "; ".join([summary("host's Enter to the joiner's screen", times),
                                            summary("joiner's Enter to its own screen", own),
                                            summary("joiner's Enter to the host's screen", across)]))
