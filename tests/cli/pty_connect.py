"""A served table for the ``gameshelf connect`` pty tests: ``gameshelf
serve`` on a free port with a SQLite file, a table made through the HTTP
API (a person in seat 1, a bot in seat 2), and the command that connects
to it. Shared by the tests of this checkout and of a plain install
(tests/install), which run ``gameshelf`` from another virtual environment."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
import pexpect

from tests.cli.pty_terminal import ROOT, TIMEOUT
from tests.server.procs import free_port, wait_ready


@dataclass
class Served:
    """One server process and its table."""

    command: list[str]  # how to run gameshelf (this checkout's, or an installed one)
    db: Path
    port: int
    proc: subprocess.Popen[bytes] | None = None
    table: str = ""
    token: str = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start (or restart, on the same port and database) the server."""
        self.proc = subprocess.Popen([*self.command, "serve", "--port", str(self.port), "--db", f"sqlite:///{self.db}"],
                                     env=env(self.command), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     cwd=self.db.parent)
        wait_ready(self.proc, self.base)

    def kill(self) -> None:
        """SIGKILL: the server vanishes without closing its sockets."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()

    def new_table(self, game: str, seats: Sequence[dict[str, object]]) -> None:
        r = httpx.post(f"{self.base}/api/tables", json={"game": game, "players": len(seats), "seats": list(seats)},
                       timeout=30)
        assert r.status_code == 201, r.text
        data = r.json()
        self.table, self.token = data["id"], data["tokens"]["0"]

    def connect(self, *, rows: int = 24, cols: int = 80, lang: str = "en") -> pexpect.spawn:
        """``gameshelf connect`` to seat 1 on a terminal of ``rows`` × ``cols``."""
        e = env(self.command)
        e["COLUMNS"], e["LINES"], e["TERM"] = str(cols), str(rows), "xterm-256color"
        return pexpect.spawn(self.command[0], [*self.command[1:], "connect", self.base, self.table, "--token",
                                               self.token, "--lang", lang],
                             env=e, dimensions=(rows, cols), encoding="utf-8", timeout=TIMEOUT, cwd=str(self.db.parent))


def env(command: Sequence[str]) -> dict[str, str]:
    """The environment for ``command``: this checkout's source on the path
    only when it runs this checkout (an installed gameshelf must run alone)."""
    e = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GAMESHELF_LANG", "GAMESHELF_DATABASE_URL", "GAMESHELF_REDIS_URL")}
    if "-c" in command:
        e["PYTHONPATH"] = str(ROOT / "src")
    return e


def served(command: list[str], tmp: Path) -> Served:
    return Served(command, tmp / "tables.sqlite", free_port())
