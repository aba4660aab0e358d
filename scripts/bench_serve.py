#!/usr/bin/env python3
"""Load on the SSH server through the real OpenSSH client: GAMES games at once, each between two ssh
sessions on ptys, every move typed at the move prompt. Measures the move-to-screen latency (from the
mover's Enter to the first bytes of the other player's screen after it: the games are untimed, so
nothing else redraws it), and the server's CPU time and memory per connection.

    scripts/bench_serve.py BIN [GAMES] [--burst]   (default 100 games: 200 ssh sessions)

By default the games' moves of each turn are spread over a second; --burst types them all at once.

Prints the figures docs/performance.md records. Needs ssh and ssh-keygen; makes its keys and data
folder in a temporary folder of its own and removes it."""

import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WHITE = ["d3-c3", "e3xc3", "c3xe3", "e3xc5", "c5xc3xe5xe3", "e3xa3xc5xe5", "e5xa5xa3xc5"]
BLACK = ["b3xd3", "d4-d3", "c5-d4", "e5-d4", "a3-b3", "a5-b4"]
PLIES = [m for pair in zip(WHITE, BLACK + [None]) for m in pair if m]


class Visitor:
    """One ssh session on a pty, what it printed kept as text with the escapes stripped."""

    def __init__(self, key, port, known_hosts):
        args = ["ssh", "-F", "/dev/null", "-i", key, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
                "-o", "BatchMode=yes", "-o", "UserKnownHostsFile=" + known_hosts, "-o",
                "StrictHostKeyChecking=accept-new", "-o", "LogLevel=ERROR", "-p", str(port), "-t", "127.0.0.1"]
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.environ["LANG"] = "C.UTF-8"
            os.execvp("ssh", args)
        # An 80x24 window.
        import fcntl
        import struct
        import termios
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.text = ""
        self.last_bytes = 0.0

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
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return cpu, rss


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    numbers = [a for a in sys.argv[2:] if a.isdigit()]
    games = int(numbers[0]) if numbers else 100
    work = tempfile.mkdtemp(prefix="fetaix-serve-bench-")
    server = None
    visitors = []
    try:
        keys = []
        for i in range(2 * games):
            key = os.path.join(work, f"key{i}")
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
            keys.append(key)
        out = open(os.path.join(work, "out"), "w")
        err = open(os.path.join(work, "err"), "w")
        server = subprocess.Popen([binary, "serve", "--listen", "127.0.0.1", "--port", "0", "--data",
                                   os.path.join(work, "data"), "--max-per-address", str(4 * games + 10),
                                   "--auth-per-minute", str(4 * games + 10)], stdout=out, stderr=err)
        port = None
        for _ in range(200):
            with open(os.path.join(work, "out")) as f:
                m = re.search(r"port (\d+)", f.read())
            if m:
                port = int(m.group(1))
                break
            time.sleep(0.05)
        if port is None:
            raise SystemExit("the server did not start")
        time.sleep(0.2)
        cpu0, rss0 = server_figures(server.pid)
        known = os.path.join(work, "known_hosts")
        # The first connection learns the host key alone (two at once would both write known_hosts).
        pairs = []
        for g in range(games):
            white = Visitor(keys[2 * g], port, known)
            black = Visitor(keys[2 * g + 1], port, known)
            visitors += [white, black]
            wait_for([white, black], "choose the name")
            white.type(f"w{g}\r")
            black.type(f"b{g}\r")
            wait_for([white, black], "You are")
            # White seeks (untimed, as White, unrated); Black accepts the one seek there is.
            white.type("n\x1b[B\x1b[C\x1b[B\x1b[C\r")
            wait_for([black], rf"w{g} +untimed, plays White, unrated")
            black.type("\r")
            wait_for([white, black], r"(your turn|waiting for)")
            pairs.append((white, black))
        cpu1, rss1 = server_figures(server.pid)
        # Every game plays its moves at once: each side to move types its move, the other's screen is
        # watched for the first bytes after the Enter.
        # With --burst every game's move is typed at the same instant; by default the games' moves are
        # spread evenly over a second, as players who do not all press Enter together.
        spread = 0.0 if "--burst" in sys.argv else 1.0
        latencies = []
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
        wait_for([w for w, _ in pairs], "wins by")
        cpu2, rss2 = server_figures(server.pid)
        latencies.sort()
        n = len(latencies)
        print(f"games={games} connections={2 * games} moves={n}")
        print(f"move-to-screen latency ms: median {latencies[n // 2]:.1f}, 99th {latencies[min(n - 1, n * 99 // 100)]:.1f}, "
              f"worst {latencies[-1]:.1f}")
        print(f"server memory: {rss0} kB idle, {rss1} kB with {2 * games} visitors in {games} games "
              f"({(rss1 - rss0) / (2 * games):.0f} kB a connection), {rss2} kB after the games")
        print(f"server CPU: {cpu1 - cpu0:.2f} s to connect and seat them, {cpu2 - cpu1:.2f} s for {n} moves "
              f"({(cpu2 - cpu1) / n * 1000:.2f} ms a move)")
    finally:
        for v in visitors:
            try:
                os.kill(v.pid, signal.SIGTERM)
                os.waitpid(v.pid, 0)
            except OSError:
                pass
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
