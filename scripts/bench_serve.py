#!/usr/bin/env python3
"""Load on the SSH server through the real OpenSSH client: GAMES games at once, each between two ssh
sessions on ptys, every move typed at the move prompt. Measures the move-to-screen latency (from the
mover's Enter to the first bytes of the other player's screen after it: the games are untimed, so
nothing else redraws it), and the server's CPU time and memory per connection.

    scripts/bench_serve.py BIN [GAMES] [--burst]   (default 100 games: 200 ssh sessions)

By default the games' moves of each turn are spread over a second; --burst types them all at once.

Prints the figures docs/performance.md records. Needs ssh and ssh-keygen; makes its keys and data
folder in a temporary folder of its own and removes it."""

import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

WHITE = ["d3-c3", "e3xc3", "c3xe3", "e3xc5", "c5xc3xe5xe3", "e3xa3xc5xe5", "e5xa5xa3xc5"]
BLACK = ["b3xd3", "d4-d3", "c5-d4", "e5-d4", "a3-b3", "a5-b4"]
PLIES = [m for pair in zip(WHITE, BLACK + [None]) for m in pair if m]


class Visitor:
    """One ssh session on a pty, what it printed kept as text with the escapes stripped."""

    def __init__(self, key, port, known_hosts, rows=24, columns=80):
        args = ["ssh", "-F", "/dev/null", "-i", key, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
                "-o", "BatchMode=yes", "-o", "UserKnownHostsFile=" + known_hosts, "-o",
                "StrictHostKeyChecking=accept-new", "-o", "LogLevel=ERROR", "-p", str(port), "-t", "127.0.0.1"]
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.environ["LANG"] = "C.UTF-8"
            os.execvp("ssh", args)
        self.resize(rows, columns)
        self.text = ""
        self.last_bytes = 0.0

    def resize(self, rows, columns):
        """The window's size (ssh tells the server when it changes)."""
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def read(self):
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        self.last_bytes = time.monotonic()
        self.text += re.sub(r"\x1b\[[0-9;?<>]*[A-Za-z~]|\x1b[()][0-9A-Za-z]|\x1b[=>]", " ", data.decode("utf-8", "replace"))
        self.text = self.text[-20000:]
        return True

    def type(self, text):
        os.write(self.fd, text.encode())


def pump(visitors, seconds):
    fds = {v.fd: v for v in visitors}
    ready, _, _ = select.select(list(fds), [], [], seconds)
    for fd in ready:
        fds[fd].read()


def wait_for(visitors, pattern, limit=30.0):
    """Until every visitor's text matches `pattern`."""
    deadline = time.monotonic() + limit
    while not all(re.search(pattern, v.text) for v in visitors):
        if time.monotonic() > deadline:
            missing = [v for v in visitors if not re.search(pattern, v.text)]
            raise SystemExit(f"timed out waiting for /{pattern}/ ({len(missing)} of {len(visitors)}): "
                             f"{missing[0].text[-600:]!r}")
        pump(visitors, 0.2)


def server_figures(pid):
    """The server's CPU seconds (user + system), its resident set and its peak resident set (kB)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    memory = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                memory[line.split(":")[0]] = int(line.split()[1])
    return cpu, memory.get("VmRSS", 0), memory.get("VmHWM", 0)


def make_keys(work, count, prefix="key"):
    """`count` new ed25519 keys in `work`: their paths."""
    keys = []
    for i in range(count):
        key = os.path.join(work, f"{prefix}{i}")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        keys.append(key)
    return keys


def start_server(binary, work, args):
    """`fetaix serve` on 127.0.0.1 and a free port with a fresh data folder in `work` and `args`: the process
    and its port. Its standard error (the log) is `work`/err."""
    out_path = os.path.join(work, "out")
    with open(out_path, "w") as out, open(os.path.join(work, "err"), "w") as err:
        server = subprocess.Popen([binary, "serve", "--listen", "127.0.0.1", "--port", "0", "--data",
                                   os.path.join(work, "data")] + args, stdout=out, stderr=err)
    for _ in range(200):
        with open(out_path) as f:
            m = re.search(r"port (\d+)", f.read())
        if m:
            return server, int(m.group(1))
        time.sleep(0.05)
    server.terminate()
    with open(os.path.join(work, "err")) as f:
        raise SystemExit("the server did not start: " + f.read())


def seat_games(keys, port, known, visitors, prefix=""):
    """A game for each two keys, its players named {prefix}w{g} and {prefix}b{g}, met through White's
    untimed unrated seek and at the board: the (white, black) pairs, their visitors added to `visitors`."""
    pairs = []
    # The first connection learns the host key alone (two at once would both write known_hosts).
    for g in range(len(keys) // 2):
        white = Visitor(keys[2 * g], port, known)
        black = Visitor(keys[2 * g + 1], port, known)
        visitors += [white, black]
        wait_for([white, black], "choose the name")
        white.type(f"{prefix}w{g}\r")
        black.type(f"{prefix}b{g}\r")
        wait_for([white, black], "You are")
        # White seeks (untimed, as White, unrated); Black accepts the one seek there is.
        white.type("n\x1b[B\x1b[C\x1b[B\x1b[C\r")
        wait_for([black], rf"{prefix}w{g} +untimed, plays White, unrated")
        black.type("\r")
        wait_for([white, black], r"(your turn|waiting for)")
        pairs.append((white, black))
    return pairs


def play_games(pairs, visitors, spread):
    """Every game played to its end, each turn's moves spread over `spread` seconds (0: all at once): the
    move-to-screen latencies in ms. Each side to move types its move; the other's screen is watched for
    the first bytes after the Enter."""
    latencies = []
    games = len(pairs)
    for ply, move in enumerate(PLIES):
        start = {}
        ply_start = time.monotonic()
        due = [(ply_start + spread * i / games, pair) for i, pair in enumerate(pairs)]
        others = [b if ply % 2 == 0 else w for w, b in pairs]
        for o in others:
            o.last_bytes = 0.0
        deadline = ply_start + spread + 30
        while due or any(id(o) not in start or o.last_bytes < start[id(o)] for o in others):
            now = time.monotonic()
            while due and due[0][0] <= now:
                white, black = due.pop(0)[1]
                mover, other = (white, black) if ply % 2 == 0 else (black, white)
                mover.type(":" + move + "\r")
                start[id(other)] = time.monotonic()
            if now > deadline:
                raise SystemExit(f"ply {ply + 1}: some screens never changed")
            pump(visitors, 0.002 if due else 0.05)
        latencies += [(o.last_bytes - start[id(o)]) * 1000 for o in others]
        # Let every screen settle before the next ply.
        settle = time.monotonic() + 0.3
        while time.monotonic() < settle:
            pump(visitors, 0.05)
    return latencies


def percentiles(latencies):
    """Median, 99th percentile and worst of the latencies."""
    ordered = sorted(latencies)
    n = len(ordered)
    return ordered[n // 2], ordered[min(n - 1, n * 99 // 100)], ordered[-1]


def end_visitors(visitors):
    for v in visitors:
        try:
            os.kill(v.pid, signal.SIGTERM)
            os.waitpid(v.pid, 0)
        except OSError:
            pass


def arguments(usage, default_games):
    """The program (the first argument) and the number of games (the first number after it)."""
    if len(sys.argv) < 2:
        raise SystemExit(usage)
    numbers = [a for a in sys.argv[2:] if a.isdigit()]
    return os.path.abspath(sys.argv[1]), int(numbers[0]) if numbers else default_games


def main():
    binary, games = arguments(__doc__, 100)
    work = tempfile.mkdtemp(prefix="fetaix-serve-bench-")
    server = None
    visitors = []
    try:
        keys = make_keys(work, 2 * games)
        server, port = start_server(binary, work, ["--max-per-address", str(4 * games + 10), "--auth-per-minute",
                                                   str(4 * games + 10)])
        time.sleep(0.2)
        cpu0, rss0, _ = server_figures(server.pid)
        pairs = seat_games(keys, port, os.path.join(work, "known_hosts"), visitors)
        cpu1, rss1, _ = server_figures(server.pid)
        # With --burst every game's move is typed at the same instant; by default the games' moves are
        # spread evenly over a second, as players who do not all press Enter together.
        latencies = play_games(pairs, visitors, 0.0 if "--burst" in sys.argv else 1.0)
        wait_for([w for w, _ in pairs], "wins by")
        cpu2, rss2, _ = server_figures(server.pid)
        n = len(latencies)
        median, p99, worst = percentiles(latencies)
        print(f"games={games} connections={2 * games} moves={n}")
        print(f"move-to-screen latency ms: median {median:.1f}, 99th {p99:.1f}, worst {worst:.1f}")
        print(f"server memory: {rss0} kB idle, {rss1} kB with {2 * games} visitors in {games} games "
              f"({(rss1 - rss0) / (2 * games):.0f} kB a connection), {rss2} kB after the games")
        print(f"server CPU: {cpu1 - cpu0:.2f} s to connect and seat them, {cpu2 - cpu1:.2f} s for {n} moves "
              f"({(cpu2 - cpu1) / n * 1000:.2f} ms a move)")
    finally:
        end_visitors(visitors)
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
