#!/usr/bin/env python3
"""The SSH server's players under hostile loads: for each load in turn, a fresh server, GAMES games seated
through the real OpenSSH client (as bench_serve.py does), the load started and holding, then every game
played to its end with each turn's moves spread over a second. Prints, for each load, the players'
move-to-screen latency (median, 99th percentile, worst: bench_serve.py's definition), the server's
resident set after seating, at the end and its peak (VmHWM), what became of the load (from its own side
and the server's log), and whether every game finished.

    scripts/bench_serve_hostile.py BIN [GAMES] [LOAD...]   (default 10 games, every load)

The loads (all from 127.0.0.1, as the players; the limits they would hit are raised by flags unless the
load is about that limit):
  none          nothing: the figures to compare with
  idle-tcp      500 TCP connections that send the SSH banner and then nothing, held open
                (--handshake-timeout 600, so that none is dropped meanwhile)
  idle-ssh      500 real ssh sessions, each a player named in the lobby who never types (their screens read)
  noread        10 real ssh sessions at 400x200, each watching a game and never read, resized every 0.2 s
                (each size asks the server for a whole frame)
  random        4 clients at once, each in a loop: connect, 64 KiB of random bytes, read until closed
  slowloris     100 connections, each sending the SSH banner and then a byte a second, reconnecting when
                dropped (the default 20 s handshake deadline)
  flood         4 clients at once connecting and closing as fast as they can, with the default
                --auth-per-minute 30 (refused once over it)
  flood-ssh     4 real ssh clients at once in a loop, each with a key the server has never seen: key
                exchange, authentication, then refused a session without a terminal (-T); the per-minute
                limit raised so that each gets through to its authentication

Needs ssh and ssh-keygen. Each load runs in a process of its own (the clients of idle-ssh, noread and
flood-ssh are ssh processes): all of it shares the machine's cores with the server and the players."""

import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_serve import (Visitor, arguments, end_visitors, make_keys, percentiles, play_games, pump, seat_games,  # noqa: E402
                         server_figures, start_server, wait_for)

IDLE = 500


def hold(wanted, open_one, tick):
    """Keeps `wanted` connections made by `open_one`, calling `tick` on each every second and opening
    again those the server closed; until killed."""
    held = {}
    closed = 0
    while True:
        while len(held) < wanted:
            try:
                s = open_one()
            except OSError:
                time.sleep(0.1)
                break
            held[s.fileno()] = s
        poller = select.poll()
        for fd in held:
            poller.register(fd, select.POLLIN)
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            for fd, _ in poller.poll(100):
                s = held[fd]
                try:
                    if s.recv(65536, socket.MSG_DONTWAIT):
                        continue
                except BlockingIOError:
                    continue
                except OSError:
                    pass
                poller.unregister(fd)
                del held[fd]
                s.close()
                closed += 1
        for fd, s in list(held.items()):
            try:
                tick(s)
            except OSError:
                del held[fd]
                s.close()
                closed += 1
        report(f"{len(held)} open, {closed} closed by the server and opened again")


STATUS = None


def report(text):
    """What the load says of itself at the end: the latest line is kept."""
    with open(STATUS, "w") as f:
        f.write(text)


def connect(port):
    return socket.create_connection(("127.0.0.1", port))


def load_idle_tcp(port, work):
    def open_one():
        s = connect(port)
        s.sendall(b"SSH-2.0-idle\r\n")
        return s

    hold(IDLE, open_one, lambda s: None)


def load_slowloris(port, work):
    pending = {}

    def open_one():
        s = connect(port)
        s.setblocking(False)
        pending[s] = b"SSH-2.0-slow\r\n"
        return s

    def tick(s):
        # The banner a byte at a time, then a byte of nothing in particular.
        rest = pending.pop(s, b"") or b"\0"
        pending[s] = rest[1:]
        s.send(rest[:1])

    hold(100, open_one, tick)


def load_random(port, work):
    rounds = 0
    import threading

    def loop():
        nonlocal rounds
        while True:
            try:
                with connect(port) as s:
                    s.settimeout(10)
                    s.sendall(os.urandom(65536))
                    while s.recv(65536):
                        pass
            except OSError:
                pass
            rounds += 1

    for _ in range(4):
        threading.Thread(target=loop, daemon=True).start()
    while True:
        time.sleep(1)
        report(f"{rounds} connections of random bytes, each closed by the server")


def load_flood(port, work):
    counts = {"refused": 0, "answered": 0}
    import threading

    def loop():
        while True:
            try:
                s = connect(port)
                s.settimeout(5)
                counts["refused" if s.recv(64) == b"" else "answered"] += 1
                s.close()
            except OSError:
                counts["refused"] += 1

    for _ in range(4):
        threading.Thread(target=loop, daemon=True).start()
    while True:
        time.sleep(1)
        report(f"{counts['refused']} connections refused at once, {counts['answered']} answered with a banner")


def ssh_args(key, port, known):
    return ["ssh", "-F", "/dev/null", "-i", key, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o",
            "BatchMode=yes", "-o", "UserKnownHostsFile=" + known, "-o", "StrictHostKeyChecking=accept-new", "-o",
            "LogLevel=ERROR", "-p", str(port)]


def load_flood_ssh(port, work):
    keys = make_keys(work, 40, "flood")
    known = os.path.join(work, "known_hosts")
    told = tried = 0
    running = []
    while True:
        while len(running) < 4:
            key = keys[tried % len(keys)]
            tried += 1
            running.append(subprocess.Popen(ssh_args(key, port, known) + ["-T", "127.0.0.1"], stdin=subprocess.DEVNULL,
                                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
        time.sleep(0.01)
        for p in [p for p in running if p.poll() is not None]:
            told += b"played in a terminal" in p.stdout.read()
            running.remove(p)
        report(f"{tried} authentications, {told} told to connect with a terminal")


def idle_visitors(port, work, count, rows, columns, name):
    """`count` real ssh sessions at rows x columns, each named in the lobby (20 at a time)."""
    keys = make_keys(work, count, name)
    known = os.path.join(work, "known_hosts")
    visitors = []
    for first in range(0, count, 20):
        batch = [Visitor(key, port, known, rows, columns) for key in keys[first:first + 20]]
        visitors += batch
        wait_for(batch, "choose the name", 120)
        for i, v in enumerate(batch):
            v.type(f"{name}{first + i}\r")
        wait_for(batch, "You are", 120)
    return visitors


def drain(visitors, seconds):
    fds = {v.fd: v for v in visitors}
    end = time.monotonic() + seconds
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN)
    while time.monotonic() < end:
        for fd, _ in poller.poll(200):
            try:
                os.read(fd, 65536)
            except OSError:
                poller.unregister(fd)


def load_idle_ssh(port, work):
    visitors = idle_visitors(port, work, IDLE, 24, 80, "idle")
    report(f"{len(visitors)} named in the lobby")
    os.write(READY, b"x")
    while True:
        drain(visitors, 1.0)
        alive = sum(1 for v in visitors if os.waitpid(v.pid, os.WNOHANG) == (0, 0))
        report(f"{len(visitors)} named in the lobby, {alive} still connected")


def load_noread(port, work):
    visitors = idle_visitors(port, work, 10, 200, 400, "peek")
    # Each watches a game: the lobby lists them, Enter on the first watches it; Down moves to the next.
    for i, v in enumerate(visitors):
        v.type("\x1b[B" * i + "\r")
    wait_for(visitors, "Watching", 60)
    report("10 watching, never read")
    os.write(READY, b"x")
    small = False
    while True:
        time.sleep(0.2)
        small = not small
        for v in visitors:
            v.resize(199 if small else 200, 400)
        alive = sum(1 for v in visitors if os.waitpid(v.pid, os.WNOHANG) == (0, 0))
        report(f"10 watching at 400x200 and never read, {alive} still connected")


LOADS = {
    "none": (None, []),
    "idle-tcp": (load_idle_tcp, ["--handshake-timeout", "600"]),
    "idle-ssh": (load_idle_ssh, []),
    "noread": (load_noread, []),
    "random": (load_random, []),
    "slowloris": (load_slowloris, []),
    "flood": (load_flood, ["--auth-per-minute", "30"]),
    "flood-ssh": (load_flood_ssh, []),
}
# Loads that say when they are in place (the others are at once).
SIGNALS_READY = {load_idle_ssh, load_noread}
READY = None


def run(binary, games, name):
    global STATUS, READY
    work = tempfile.mkdtemp(prefix="fetaix-serve-hostile-")
    STATUS = os.path.join(work, "status")
    load, flags = LOADS[name]
    server = loader = None
    visitors = []
    try:
        keys = make_keys(work, 2 * games)
        limits = {"--max-connections": "2000", "--max-per-address": "2000", "--auth-per-minute": "100000"}
        limits.update(zip(flags[::2], flags[1::2]))
        args = [word for flag in limits.items() for word in flag]
        server, port = start_server(binary, work, args)
        pairs = seat_games(keys, port, os.path.join(work, "known_hosts"), visitors)
        _, seated, _ = server_figures(server.pid)
        if load:
            ready_read, ready_write = os.pipe()
            loader = os.fork()
            if loader == 0:
                os.close(ready_read)
                READY = ready_write
                os.setpgid(0, 0)
                try:
                    load(port, work)
                finally:
                    os._exit(1)
            os.close(ready_write)
            # The players' screens are read meanwhile (ssh would otherwise stop on a full pty).
            if load in SIGNALS_READY:
                while not select.select([ready_read], [], [], 0)[0]:
                    pump(visitors, 0.1)
                    if os.waitpid(loader, os.WNOHANG) != (0, 0):
                        raise SystemExit(f"{name}: the load ended before it was in place")
            # A few seconds for the load to take hold.
            settle = time.monotonic() + 3
            while time.monotonic() < settle:
                pump(visitors, 0.1)
        cpu0, _, _ = server_figures(server.pid)
        latencies = play_games(pairs, visitors, 1.0)
        cpu1, _, _ = server_figures(server.pid)
        finished = sum(1 for w, b in pairs if "Game over" in w.text and "Game over" in b.text)
        deadline = time.monotonic() + 10
        while finished < games and time.monotonic() < deadline:
            pump(visitors, 0.1)
            finished = sum(1 for w, b in pairs if "Game over" in w.text and "Game over" in b.text)
        _, rss, hwm = server_figures(server.pid)
        median, p99, worst = percentiles(latencies)
        said = open(STATUS).read() if os.path.exists(STATUS) else "-"
        with open(os.path.join(work, "err")) as f:
            log = f.read()
        drops = {}
        for m in re.finditer(r": (dropped: [^0-9\n]*|refused a connection: [^\n]*)", log):
            drops[m.group(1).strip()] = drops.get(m.group(1).strip(), 0) + 1
        alive = server.poll() is None
        print(f"{name}: latency ms median {median:.1f}, 99th {p99:.1f}, worst {worst:.1f}; server RSS {seated} kB "
              f"seated, {rss} kB at the end, peak {hwm} kB; CPU {cpu1 - cpu0:.2f} s while playing; "
              f"{finished}/{games} games finished; server {'running' if alive else 'ENDED'}", flush=True)
        print(f"    load: {said}", flush=True)
        if drops:
            print("    log: " + "; ".join(f"{n} x {what}" for what, n in sorted(drops.items())), flush=True)
    finally:
        if loader:
            os.killpg(loader, signal.SIGKILL)
            os.waitpid(loader, 0)
        end_visitors(visitors)
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary, games = arguments(__doc__, 10)
    names = [a for a in sys.argv[2:] if not a.isdigit()] or list(LOADS)
    for name in names:
        if name not in LOADS:
            raise SystemExit(f"no load {name}: the loads are {', '.join(LOADS)}")
    for name in names:
        run(binary, games, name)


if __name__ == "__main__":
    main()
