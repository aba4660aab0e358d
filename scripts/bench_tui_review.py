#!/usr/bin/env python3
"""Times the terminal game's keys while a review runs on its thread (the review key, v).

As scripts/bench_tui.py (a pseudo-terminal, 80x24, TERM=xterm-256color, UTF-8, a fresh state folder):
opens a finished game of 42 plies (tests/e2e/review.sh's review_long, no endgame tables), presses v,
waits for "Reviewing", then times keys from the write to the last byte of the redraw they cause
(stepping back and forward, the help page and closing it): ten keys in well under a second of a review
that takes some 10 s, so each while it runs (a redraw of its progress that falls in a key's window counts
in that key's time).
Usage: scripts/bench_tui_review.py [path/to/fetaix] [runs]
"""
import fcntl, os, pty, select, shutil, statistics, struct, sys, tempfile, termios, time

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/fetaix"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 10
GAME = """[Result "0-1"]

1. d2-c3 b4xd2 2. e1xc3 d4xd2 3. b2xb4xd4 d2xb2 4. b1xb3 e4xc4xc2 5. c1xc3
d5-d4 6. c3-d3 d4xd2 7. d1xd3 a3xc3 8. d3xb3 a4-a3 9. a2xa4 a5xa3xc3 10. a1-a2
b5-a5 11. a2-a3 c5-c4 12. a3-b3 c3xa3 13. e3-d3 c4-d4 14. d3xd5 e5xc5 15. e2-e3
a5-a4 16. e3-e4 c5-d4 17. e4xc4 a3-a2 18. c4-c5 a2-a1 19. c5-b5 a1-e5 20. b5-b1
a4-b4 21. b1xb5 e5xa5 0-1
"""


def spawn(state, game):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_STATE_HOME=state,
                          XDG_DATA_HOME=os.path.join(state, "data"), XDG_CONFIG_HOME=os.path.join(state, "config"))
        os.environ.pop("NO_COLOR", None)
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execv(BIN, [BIN, game])
    return pid, fd


def read_until(fd, marker, timeout=10.0):
    data = b""
    deadline = time.perf_counter() + timeout
    while marker not in data:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(marker)
        r, _, _ = select.select([fd], [], [], left)
        if r:
            data += os.read(fd, 65536)
    return data


def drain_quiet(fd, quiet=0.02):
    """Reads until the program has been silent for `quiet` seconds; returns when the last byte came, and what came."""
    last, data = time.perf_counter(), b""
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            return last, data
        data += os.read(fd, 65536)
        last = time.perf_counter()


keys = []
for run in range(RUNS):
    state = tempfile.mkdtemp()
    game = os.path.join(state, "g.pdn")
    with open(game, "w") as f:
        f.write(GAME)
    pid, fd = spawn(state, game)
    read_until(fd, b"Game over")
    drain_quiet(fd)
    os.write(fd, b"v")
    read_until(fd, b"Reviewing")
    drain_quiet(fd)
    for key in [b"[", b"[", b"[", b"]", b"?", b"x", b"[", b"]", b"]", b"["]:
        t = time.perf_counter()
        os.write(fd, key)
        last, _ = drain_quiet(fd)
        keys.append(last - t)
    os.write(fd, b"q")
    time.sleep(0.05)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    shutil.rmtree(state)

print(f"runs: {RUNS} at 80x24, a review running")
print(f"key to redrawn screen: median {statistics.median(keys) * 1000:.1f} ms, max {max(keys) * 1000:.1f} ms "
      f"over {len(keys)} keys")
