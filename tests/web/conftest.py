"""A real server and a real headless Chromium for the browser tests.

The server is ``uvicorn`` on the server's app factory with a fresh SQLite
file, on a free loopback port. Chromium is Debian's (``/usr/bin/chromium``;
``scripts/test.sh`` installs it); when it cannot start, every browser test
is skipped with one loud line. Screenshots go to one folder, printed at the
end of the run.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("GAMESHELF_SCREENSHOTS") or Path(tempfile.gettempdir()) / "gameshelf-web-shots")
_skip_reason: list[str] = []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a fresh ``gameshelf`` server (the browser client at ``/``)
    that analyses no finished game: every game the tests finish would cost
    seconds of CPU in the background, taken from the tests beside them."""
    yield from _serve(tmp_path_factory, analysis_budget="0")


@pytest.fixture(scope="session")
def analysis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose finished games are analysed (issue 26), briefly: the
    analysis tests wait for them."""
    yield from _serve(tmp_path_factory, analysis_budget="0.02")


def _serve(tmp_path_factory: pytest.TempPathFactory, analysis_budget: str) -> Iterator[str]:
    pytest.importorskip("fastapi")
    port = _free_port()
    db = tmp_path_factory.mktemp("server") / "web.sqlite3"
    env = dict(os.environ, GAMESHELF_DATABASE_URL=f"sqlite:///{db}",
               GAMESHELF_ANALYSIS_BUDGET=analysis_budget, GAMESHELF_ANALYSIS_WORLDS="2",
               GAMESHELF_HINT_BUDGET="0.2")
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "gameshelf.server.app:create_app", "--factory",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{base}/api/games", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    pytest.fail(f"the server did not start: {err[-2000:]}")
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium through Playwright, or a loud skip."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip_reason.append("playwright is not installed")
        pytest.skip("BROWSER TESTS SKIPPED: playwright is not installed")
    manager = sync_playwright().start()
    try:
        chromium = manager.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    except Exception as exc:  # any launch failure: no browser on this machine
        manager.stop()
        _skip_reason.append(f"chromium could not launch: {str(exc).splitlines()[0]}")
        pytest.skip(f"BROWSER TESTS SKIPPED: chromium could not launch ({CHROMIUM})")
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        yield chromium
    finally:
        chromium.close()
        manager.stop()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh context (own storage) and page; any script error fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(20_000)
    yield pg
    context.close()
    assert not errors, errors


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _skip_reason or not Path(CHROMIUM).exists():
        why = _skip_reason[0] if _skip_reason else f"no {CHROMIUM}"
        terminalreporter.write_line(f"!!! BROWSER TESTS SKIPPED: {why}", red=True, bold=True)
    elif SHOTS.is_dir() and any(SHOTS.iterdir()):
        terminalreporter.write_line(f"browser screenshots: {SHOTS}")
