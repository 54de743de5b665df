"""Server memory under unauthenticated traffic: many requests naming random
table ids (which do not exist) must leave nothing behind in the server.

Each request names a fresh random id on one of the routes anyone may call
(a table's info, a view, a join, a move with a made-up token); the server's
resident memory (``VmRSS`` of its process) is read after a warm-up and at
the end. Before the fix every id added an entry (about 209 bytes) to the
server's table locks, never freed.

Usage::

    python benchmarks/memory.py                       # 100,000 requests, SQLite
    python benchmarks/memory.py --requests 20000 --db postgresql
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def flood(base: str, n: int, threads: int = 8) -> dict[int, int]:
    """``n`` requests with random table ids, from ``threads`` kept-alive
    clients; returns how many got each status."""
    counts: dict[int, int] = {}
    guard = threading.Lock()
    share = [n // threads + (1 if i < n % threads else 0) for i in range(threads)]

    def one(count: int) -> None:
        seen: dict[int, int] = {}
        with httpx.Client(base_url=base, timeout=30) as client:
            for i in range(count):
                tid = secrets.token_urlsafe(18)  # 24 characters, the longest id allowed
                kind = i % 4
                if kind == 0:
                    r = client.get(f"/api/tables/{tid}")
                elif kind == 1:
                    r = client.get(f"/api/tables/{tid}/view")
                elif kind == 2:
                    r = client.post(f"/api/tables/{tid}/seats/0/join", json={})
                else:
                    r = client.post(f"/api/tables/{tid}/moves", json={"after": 0, "action": {}},
                                    headers={"Authorization": f"Bearer {secrets.token_urlsafe(24)}"})
                seen[r.status_code] = seen.get(r.status_code, 0) + 1
        with guard:
            for code, k in seen.items():
                counts[code] = counts.get(code, 0) + k

    workers = [threading.Thread(target=one, args=(k,)) for k in share]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return counts


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.server import database_url
    from tests.server.procs import start_server, stop

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    args = parser.parse_args()
    url, clean = database_url(args.db)
    proc, base = start_server(url)
    try:
        warm = max(1000, args.requests // 20)
        flood(base, warm)
        before = rss_kib(proc.pid)
        began = time.monotonic()
        counts = flood(base, args.requests)
        took = time.monotonic() - began
        after = rss_kib(proc.pid)
    finally:
        stop(proc)
        clean()
    print(f"{args.db}: {args.requests} requests with random ids in {took:.1f} s "
          f"({args.requests / took:.0f}/s), answers {dict(sorted(counts.items()))}")
    print(f"server RSS after warm-up {before} KiB, after {after} KiB: "
          f"{after - before:+d} KiB ({(after - before) * 1024 / args.requests:+.1f} bytes a request; "
          f"before the fix about +209)")
    print(f"load average while measuring: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
