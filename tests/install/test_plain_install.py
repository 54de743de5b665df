"""Every command as a user installs gameshelf (issue 43): ``pip install``
with no extras, in a fresh virtual environment, whose ``gameshelf`` runs
alone (no checkout on its path). ``connect`` once crashed there on a
missing httpx, since only the test extras had it.

scripts/test.sh builds that environment and points
``GAMESHELF_PLAIN_VENV`` at it; without the variable these tests are
skipped (a developer's checkout has the extras, which is what hid the bug).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_connect import Served, env, served
from tests.cli.pty_terminal import plain

VENV = os.environ.get("GAMESHELF_PLAIN_VENV")
pytestmark = pytest.mark.skipif(not VENV, reason="GAMESHELF_PLAIN_VENV names no plain install (scripts/test.sh sets it)")

COMMANDS = ["list", "rules", "play", "replay", "menu", "resume", "analyse", "daily", "simulate", "report", "tune",
            "serve", "connect", "admin", "filthy-rich-cards", "pay-dirt-components", "pay-dirt-balance",
            "ab-balance", "ab-book"]


def gameshelf() -> list[str]:
    path = Path(str(VENV)) / "bin" / "gameshelf"
    assert path.is_file(), f"GAMESHELF_PLAIN_VENV={VENV} has no bin/gameshelf"
    return [str(path)]


def run(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*gameshelf(), *args], capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env=env(gameshelf()), stdin=subprocess.DEVNULL)


def test_the_install_has_no_extras() -> None:
    """Else this would test nothing: the extras are what hid the bug."""
    python = Path(str(VENV)) / "bin" / "python"
    for module in ("pytest", "matplotlib", "pexpect"):
        found = subprocess.run([str(python), "-c", f"import {module}"], capture_output=True)
        assert found.returncode != 0, f"{module} is installed in the plain venv"


def test_every_command_answers_help(tmp_path: Path) -> None:
    assert set(COMMANDS) <= set(run("--help", cwd=tmp_path).stdout.split())
    # all at once: each is a fresh interpreter that mostly waits on imports
    procs = {command: subprocess.Popen([*gameshelf(), command, "--help"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env(gameshelf()),
                                       stdin=subprocess.DEVNULL)
             for command in COMMANDS}
    for command, proc in procs.items():
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, f"{command} --help: {err[-2000:]}"


def test_a_short_play_with_bots(tmp_path: Path) -> None:
    result = run("play", "filthy-rich", "-n", "2", "--seat", "1=bot:random", "--seat", "2=bot:easy",
                 "--seed", "5", "--save-dir", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Game over" in result.stdout and list(tmp_path.glob("filthy-rich-*.json"))


def test_report_names_the_extra_it_needs(tmp_path: Path) -> None:
    result = run("report", str(tmp_path), cwd=tmp_path)
    assert "'sim' extra" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    s = served(gameshelf(), tmp_path)
    s.start()
    yield s
    s.stop()


def test_connect_to_a_served_table(server: Served) -> None:
    server.new_table("filthy-rich", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    child = server.connect()
    child.expect("q quit >")
    assert "Player 1 to decide" in plain(child.before)
    child.send("1\r")  # a move goes over the socket
    child.expect("q quit >|waiting for")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
