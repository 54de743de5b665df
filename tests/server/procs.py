"""Real server processes for the tests that kill or multiply them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = "import sys; from gameshelf.cli import main; sys.argv[0] = 'gameshelf'; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database_url: str, redis_url: str | None = None,
                 extra: Sequence[str] = ()) -> tuple[subprocess.Popen[bytes], str]:
    """``gameshelf serve`` on a free port (``extra``: more options); returns
    once it answers."""
    proc, base = launch(database_url, redis_url, extra)
    wait_ready(proc, base)
    return proc, base


def launch(database_url: str, redis_url: str | None = None,
           extra: Sequence[str] = ()) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``gameshelf serve`` on a free port without waiting for it."""
    port = free_port()
    args = [sys.executable, "-c", LAUNCH, "serve", "--port", str(port), "--db", database_url,
            *extra]
    if redis_url:
        args += ["--redis", redis_url]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    return proc, f"http://127.0.0.1:{port}"


def wait_ready(proc: subprocess.Popen[bytes], base: str) -> None:
    deadline = time.monotonic() + 90  # a loaded 2-core machine starts it slowly
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server died: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
