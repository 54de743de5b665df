"""Server throughput and latency: N concurrent tables of scripted clients
over websockets on loopback.

Each table is a two-seat game (Filthy Rich unless ``--game``; Dicey Farm is
solo); each seat is a websocket client that, whenever its view says it is to
move, sends its first legal move. Latency is measured from sending a move to
receiving the next view on the mover's socket. Counting starts once every table's sockets have had their
first view (and at least 3 s in): the rush of new tables and sockets is
not a move's cost. The run is then bounded in time (``--seconds``) and in
moves (``--max-moves``); tables that finish are replaced by new ones.

**Server CPU per move** is read from the server's own counters: the user
and system time, in ``/proc``, of the server process and every process under
it (workers, bot pools), over the measured window, divided by the moves made
in it. The scripted clients run in processes of their own (``--clients``,
default 2: one event loop per core), started by this one and not under the
server, so their CPU is not counted and one client loop does not cap the
moves a second.

Usage::

    python benchmarks/server.py --tables 200 --seconds 20            # SQLite, 1 worker
    python benchmarks/server.py --db postgresql --workers 2          # PostgreSQL, 2 workers (+Redis)
    python benchmarks/server.py --all --tables 200 --seconds 15      # the four combinations
    python benchmarks/server.py --game all --tables 20 --seconds 10  # CPU per move of each game
    python benchmarks/server.py --tables 20,200,2000 --think 2       # how the cost grows
    python benchmarks/server.py --servers 2 --tables 1000 --think 2  # two server processes
    python benchmarks/server.py --quick --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from gameshelf.server import collector

PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"
WARM_UP = 3.0
#: the longest the rush of new tables and sockets may take before counting starts anyway
RUSH = 120.0
#: the clients' HTTP connections: an idle one is let go after 2 s, before the
#: server's keep-alive (5 s) closes it, or a request sent just as the server
#: closes it fails (``create-ReadError``, a client's race, not the server's)
LIMITS = httpx.Limits(max_connections=64, keepalive_expiry=2.0)
#: tables a client process asks for at once. Why a bound: with 1,000 table
#: slots in one process all asking at once, httpx's pool (64 connections)
#: spent its process's time going over the waiting requests, so no request
#: left it in time (at 2,000 tables: thousands of PoolTimeout and
#: ConnectTimeout errors while the server sat idle)
OPENING = 48
LAUNCH = "import sys; from gameshelf.cli import main; sys.argv[0] = 'gameshelf'; main()"


@dataclass
class Result:
    game: str
    database: str
    workers: int
    tables: int
    think_s: float
    seconds: float
    moves: int
    moves_per_s: float
    p50_ms: float
    p99_ms: float
    errors: int
    cpu_ms_per_move: float
    load: float
    #: the scripted clients' own CPU a move, in their processes (not the server's)
    client_cpu_ms_per_move: float = float("nan")
    #: new tables the server refused as overloaded (503 + Retry-After; the
    #: client waits as told and asks again): not errors, the server's answer
    refused: int = 0
    #: what each client error was (``create-timeout``, ``ws-open-TimeoutError``, ...)
    error_kinds: dict[str, int] = field(default_factory=dict)
    #: server processes of their own (``gameshelf serve`` each, ``workers`` each)
    servers: int = 1


GAMES = ["filthy-rich", "pay-dirt", "above-and-below", "dicey-farm"]
SOLO = {"dicey-farm"}


def cpu_seconds(root: int | list[int]) -> float:
    """User + system CPU seconds of ``root`` (one process or several) and
    every process under it, from ``/proc`` (Linux)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    roots = root if isinstance(root, list) else [root]
    tree, frontier = set(roots), list(roots)
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in tree:
                tree.add(pid)
                frontier.append(pid)
    return sum(times.get(pid, 0.0) for pid in tree)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def database_url(kind: str) -> tuple[str, Any]:
    """A fresh database of ``kind``; returns its URL and a clean-up."""
    if kind == "sqlite":
        folder = tempfile.mkdtemp(prefix="gameshelf-bench-")
        return f"sqlite:///{folder}/bench.sqlite3", lambda: None
    import psycopg

    schema = f"gs_bench_{secrets.token_hex(4)}"
    dsn = "host=127.0.0.1 port=5432 dbname=test user=postgres"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")

    return f"{PG}?options=-csearch_path%3D{schema}", drop


def start(url: str, workers: int, redis: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    args = [sys.executable, "-c", LAUNCH, "serve", "--port", str(port), "--db", url,
            "--workers", str(workers)]
    if workers > 1 or redis:
        args += ["--redis", REDIS]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            # the move path only: finished games' analyses (issue 26) would
                            # take the cores the moves are timed on
                            # (this checkout's src first; a caller's PYTHONPATH after it, so
                            # that a probe, e.g. a sitecustomize timing the collector, can be
                            # put into the server without changing it)
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                                [str(Path(__file__).parents[1] / "src"),
                                 *filter(None, [os.environ.get("PYTHONPATH")])]),
                                     GAMESHELF_ANALYSIS_BUDGET="0"))
    return proc, wait_for(proc, f"http://127.0.0.1:{port}")


def wait_for(proc: subprocess.Popen[bytes], base: str) -> str:
    """``base`` once the server started as ``proc`` answers (a slow first import
    on a loaded machine takes many seconds); stops the run if it never does."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


class Shared:
    """What the client processes of one run share: sockets seated so far,
    and when counting starts and stops (``time.monotonic``, the same clock
    in every process on Linux; 0 and infinity until set)."""

    def __init__(self, ctx: Any) -> None:
        self.seated = ctx.Value("i", 0)
        self.start = ctx.Value("d", 0.0)
        self.stop = ctx.Value("d", float("inf"))


def owner(bases: list[str], table: str) -> str:
    """The server a table's sockets go to, as a balancer that routes
    ``/api/tables/{id}/…`` by a hash of the id would (nginx's ``hash``):
    with several server processes, a table's sockets then share one, and a
    move's views are built where it is stored, not read back by another."""
    return bases[zlib.crc32(table.encode()) % len(bases)]


class Run:
    def __init__(self, base: str, until: float, max_moves: int, think: float = 0.0,
                 game: str = "filthy-rich", pid: int | list[int] | None = None,
                 shared: Shared | None = None) -> None:
        self.shared = shared
        self.base = base
        #: several servers (comma-separated URLs): tables are created on each
        #: in turn and their sockets opened on the table's :func:`owner`
        self.bases = base.split(",")
        self.turn = 0
        self.game = game
        self.pid = pid
        self.cpu: list[float] = []  # the server's CPU seconds when counting starts, and at the end
        self.think = think
        self.seconds = until - time.monotonic()
        self.until = until + RUSH  # until counting starts (then: its start + seconds)
        self.max_moves = max_moves
        self.latencies: list[float] = []
        self.kinds: Counter[str] = Counter()  # the errors, by what failed
        self.opening: asyncio.Semaphore | None = None  # creations on their way at once
        self.refused = 0
        #: moves before this moment (the rush of new tables and sockets) are not counted
        self.counting_from = float("inf")
        self.began = time.monotonic()
        self.seated = 0  # sockets that have had their first view
        self.window = 0.0  # seconds counted

    @property
    def errors(self) -> int:
        return sum(self.kinds.values())

    def going(self) -> bool:
        if self.shared is not None:  # the parent process says when counting starts and stops
            start = self.shared.start.value
            if start and self.counting_from == float("inf"):
                self.counting_from = start
            return time.monotonic() < self.shared.stop.value and \
                len(self.latencies) < self.max_moves
        return time.monotonic() < self.until and len(self.latencies) < self.max_moves

    async def table(self, http: httpx.AsyncClient) -> None:
        """Tables one after another in one slot, until time is up."""
        if self.opening is None:  # (made in the loop that uses it)
            self.opening = asyncio.Semaphore(OPENING)
        while self.going():
            try:
                seats = 1 if self.game in SOLO else 2
                self.turn += 1
                async with self.opening:
                    r = await http.post(f"{self.bases[self.turn % len(self.bases)]}/api/tables", json={
                        "game": self.game, "players": seats, "seats": [{"kind": "human"}] * seats})
            except httpx.HTTPError as exc:  # e.g. a kept-alive connection the server closed
                self.kinds[f"create-{type(exc).__name__}"] += 1
                continue
            if r.status_code == 503 and r.headers.get("retry-after", "").isdigit():
                self.refused += 1  # overloaded: the server says when to ask again
                await asyncio.sleep(int(r.headers["retry-after"]) * (0.5 + random.random()))
                continue
            if r.status_code != 201:
                self.kinds[f"create-{r.status_code}"] += 1
                await asyncio.sleep(0.1)
                continue
            table, tokens = r.json()["id"], r.json()["tokens"]
            ws_base = owner(self.bases, table).replace("http", "ws")
            await asyncio.gather(*(self.seat(f"{ws_base}/api/tables/{table}/ws?token={token}")
                                   for token in tokens.values()))

    async def seat(self, url: str) -> None:
        try:
            await self._seat(url)
        except (TimeoutError, OSError, WebSocketException) as exc:  # (a refused or slow opening)
            self.kinds[f"ws-open-{type(exc).__name__}"] += 1

    async def _seat(self, url: str) -> None:
        # the rush of a thousand tables opening at once may take a while
        async with connect(url, max_size=2**24, open_timeout=60) as ws:
            first = True
            sent_at: float | None = None
            sent_state = -1
            while self.going():
                try:
                    message = orjson.loads(await asyncio.wait_for(ws.recv(), 30))
                except Exception as exc:  # a timeout or a closed socket
                    self.kinds[f"ws-read-{type(exc).__name__}"] += 1
                    return
                if message["type"] == "error":
                    self.kinds[f"ws-error-{message.get('code')}"] += 1
                    sent_at = None
                if message["type"] not in ("sync", "update"):
                    continue
                view = message["view"]
                if first:
                    self.seated += 1
                    if self.shared is not None:
                        with self.shared.seated.get_lock():
                            self.shared.seated.value += 1
                    first = False
                if sent_at is not None and view["state"] > sent_state:
                    if self.going() and time.monotonic() >= self.counting_from:
                        self.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if view["over"]:
                    return
                if view["legal"] and sent_at is None:
                    if self.think:  # a person's pause, spread so tables do not move in step
                        await asyncio.sleep(self.think * (0.5 + random.random()))
                    sent_at, sent_state = time.perf_counter(), view["state"]
                    await ws.send(json.dumps({"type": "move", "after": view["state"],
                                              "action": view["legal"][0]["action"]}))


    async def count_cpu(self, sockets: int) -> None:
        """Start counting once all ``sockets`` have their first view (and the
        warm-up is over): the moves' time window and the server's CPU
        counters at its start."""
        while time.monotonic() < self.began + RUSH and (
                self.seated < sockets or time.monotonic() < self.began + WARM_UP):
            await asyncio.sleep(0.05)
        self.counting_from = time.monotonic()
        self.until = self.counting_from + self.seconds
        if self.pid is not None:
            self.cpu.append(cpu_seconds(self.pid))


async def drive(base: str, tables: int, seconds: float, max_moves: int, think: float = 0.0,
                game: str = "filthy-rich", pid: int | list[int] | None = None) -> Run:
    run = Run(base, time.monotonic() + seconds, max_moves, think, game, pid)
    limits = LIMITS
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        sockets = tables * (1 if game in SOLO else 2)
        await asyncio.gather(run.count_cpu(sockets), *(run.table(http) for _ in range(tables)))
    if pid is not None:
        run.cpu.append(cpu_seconds(pid))
    run.window = time.monotonic() - run.counting_from
    return run


async def drive_part(base: str, tables: int, max_moves: int, think: float, game: str,
                     shared: Shared) -> Run:
    """One client process's share of the tables, until the parent says stop."""
    run = Run(base, float("inf"), max_moves, think, game, None, shared)
    limits = LIMITS
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        await asyncio.gather(*(run.table(http) for _ in range(tables)))
    return run


def client_process(base: str, tables: int, max_moves: int, think: float, game: str,
                   shared: Shared, out: Any) -> None:
    """A client process: plays its tables, then sends back its latencies.

    Its collector is set as a served process's (:mod:`gameshelf.server.collector`),
    without the sweeps: a client process lives for one run, and its few frozen
    garbage cycles go when it exits.
    Why: with Python's own, each client process (500 tables, 1,000 sockets at
    1,000 tables) paused for 45-65 ms every few seconds and for 170 ms now
    and then, and every view that arrived meanwhile was counted that much
    late: on a quiet machine that was most of the p99 (2026-11-28, benchmarks/journal/server.md)."""
    collector.tune()
    run = asyncio.run(drive_part(base, tables, max_moves, think, game, shared))
    out.put((run.latencies, dict(run.kinds), run.refused))


def drive_processes(base: str, tables: int, seconds: float, max_moves: int, think: float,
                    game: str, pid: int | list[int], clients: int,
                    ) -> tuple[list[float], Counter[str], int, float, float, float]:
    """The tables spread over ``clients`` processes; returns the latencies,
    the errors by kind, the tables refused as overloaded, the seconds
    counted, and the server's and the clients' CPU seconds in them."""
    ctx = multiprocessing.get_context("fork")  # (nothing runs yet in this process)
    shared, out = Shared(ctx), ctx.Queue()
    parts = [tables // clients + (1 if i < tables % clients else 0) for i in range(clients)]
    procs = [ctx.Process(target=client_process, daemon=True,
                         args=(base, n, max_moves // clients + 1, think, game, shared, out))
             for n in parts if n]
    for proc in procs:
        proc.start()
    sockets = tables * (1 if game in SOLO else 2)
    began = time.monotonic()
    while time.monotonic() < began + RUSH and (
            shared.seated.value < sockets or time.monotonic() < began + WARM_UP):
        time.sleep(0.05)
    cpu0, start_at = cpu_seconds(pid), time.monotonic()
    clients0 = sum(cpu_seconds(p.pid) for p in procs if p.pid is not None)
    shared.start.value, shared.stop.value = start_at, start_at + seconds
    time.sleep(seconds)
    cpu1, window = cpu_seconds(pid), time.monotonic() - start_at
    client_cpu = sum(cpu_seconds(p.pid) for p in procs if p.pid is not None) - clients0
    latencies: list[float] = []
    kinds: Counter[str] = Counter()
    refused = 0
    for _proc in procs:
        try:
            got, errs, shed = out.get(timeout=60)
        except Exception:  # a client process that died: its moves are not counted
            kinds["client-process-died"] += 1
            continue
        latencies += got
        kinds.update(errs)
        refused += shed
    for proc in procs:
        proc.join(10)
        if proc.is_alive():
            proc.kill()
    return latencies, kinds, refused, window, cpu1 - cpu0, client_cpu


def measure(kind: str, workers: int, tables: int, seconds: float, max_moves: int,
            think: float = 0.0, game: str = "filthy-rich", clients: int = 2,
            servers: int = 1) -> Result:
    url, clean = database_url(kind)
    procs: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    try:
        for _ in range(servers):  # one after another: the first one creates the schema
            proc, base = start(url, workers, redis=servers > 1)
            procs.append(proc)
            bases.append(base)
        base, pids = ",".join(bases), [p.pid for p in procs]
        if clients > 0:
            latencies, kinds, refused, took, cpu_s, client_s = drive_processes(
                base, tables, seconds, max_moves, think, game, pids, clients)
        else:  # the clients in this process (as before --clients)
            run = asyncio.run(drive(base, tables, seconds, max_moves, think, game, pids))
            latencies, kinds, refused, took = run.latencies, run.kinds, run.refused, run.window
            client_s = float("nan")  # (this process's own CPU includes the server's start)
            cpu_s = run.cpu[-1] - run.cpu[0] if len(run.cpu) == 2 else float("nan")
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        clean()
    lat = sorted(latencies) or [float("nan")]
    cpu = cpu_s / len(latencies) * 1000 if latencies else float("nan")
    return Result(game, kind, workers, tables, think, round(took, 1), len(latencies),
                  round(len(latencies) / took, 1),
                  round(statistics.median(lat) * 1000, 1),
                  round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 1),
                  sum(kinds.values()), round(cpu, 2), round(os.getloadavg()[0], 2),
                  round(client_s / len(latencies) * 1000, 2) if latencies else float("nan"),
                  refused, dict(kinds), servers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="200",
                        help="tables at once; a comma list (20,200,2000) measures each")
    parser.add_argument("--game", default="filthy-rich", choices=[*GAMES, "all"])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-moves", type=int, default=200_000)
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes of their own on the database and Redis (as "
                        "hosts), each table's sockets on one of them, chosen by its id")
    parser.add_argument("--all", action="store_true", help="SQLite and PostgreSQL, 1 and 2 workers")
    parser.add_argument("--quick", action="store_true", help="10 tables for 5 s")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a client waits before each move (0: as fast as it can)")
    parser.add_argument("--clients", type=int, default=2,
                        help="client processes (0: the clients in this process)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--url", help="measure a server already running at this URL instead")
    args = parser.parse_args()
    if args.url:
        run = asyncio.run(drive(args.url.rstrip("/"), int(args.tables.split(",")[0]),
                                args.seconds, args.max_moves, args.think, args.game))
        lat = sorted(run.latencies) or [float("nan")]
        print(f"moves {len(lat)}  p50 {statistics.median(lat) * 1000:.1f} ms  "
              f"p99 {lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000:.1f} ms  errors {run.errors}")
        return
    if args.quick:
        args.tables, args.seconds = "10", 5.0
    combos = ([(d, w) for d in ("sqlite", "postgresql") for w in (1, 2)] if args.all
              else [(args.db, args.workers)])
    games = GAMES if args.game == "all" else [args.game]
    counts = [int(n) for n in args.tables.split(",")]
    results = [measure(d, w, n, args.seconds, args.max_moves, args.think, g, args.clients,
                       args.servers)
               for g in games for n in counts for d, w in combos]
    if args.json:
        print(json.dumps([asdict(r) for r in results], indent=1))
        return
    print(f"{'game':<16}{'database':<11}{'servers':>8}{'workers':>8}{'tables':>8}{'think s':>8}{'moves':>8}"
          f"{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'errors':>8}{'cpu ms/move':>12}{'load':>6}"
          f"{'refused':>8}{'client ms/move':>15}")
    for r in results:
        print(f"{r.game:<16}{r.database:<11}{r.servers:>8}{r.workers:>8}{r.tables:>8}{r.think_s:>8}{r.moves:>8}"
              f"{r.moves_per_s:>9}{r.p50_ms:>8}{r.p99_ms:>8}{r.errors:>8}{r.cpu_ms_per_move:>12}"
              f"{r.load:>6}{r.refused:>8}{r.client_cpu_ms_per_move:>15}")
    for r in results:
        if r.error_kinds:
            print(f"errors at {r.tables} tables ({r.game}, {r.database}): "
                  + ", ".join(f"{k} {v}" for k, v in sorted(r.error_kinds.items())))
    print("(refused: new tables answered 503 overloaded, asked again after Retry-After)")
    print(f"({os.cpu_count()} CPUs; load: the 1-minute load average at the end of each run, "
          "other work on the machine included)")


if __name__ == "__main__":
    main()
