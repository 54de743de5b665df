"""``gameshelf connect`` on a real terminal against a real server (issue
43): a turn fits 80×24 as local play's does, Pay Dirt's auction shows its
lots there, and the client survives the server's SIGKILL and restart."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pexpect
import pytest

from gameshelf.core.i18n import t
from tests.cli.pty_connect import Served, served
from tests.cli.pty_terminal import plain
from tests.server.procs import LAUNCH

PROMPT = "q quit >"
BOT = {"kind": "bot", "level": "easy"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    s = served([sys.executable, "-c", LAUNCH], tmp_path)
    s.start()
    yield s
    s.stop()


def turn_screen(raw: str) -> list[str]:
    """The lines from the last turn heading to the prompt, as printed."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw).replace("\r", "")
    start = text.rfind("to decide")
    assert start >= 0, text[-500:]
    return text[text.rfind("\n", 0, start) + 1:].split("\n")


def test_a_connect_turn_fits_80_by_24(server: Served) -> None:
    server.new_table("filthy-rich", [{"kind": "human", "name": "Ann"}, BOT])
    child = server.connect()
    child.expect(PROMPT)
    lines = turn_screen(child.before + child.after)
    assert len(lines) <= 24, "\n".join(lines)
    assert "Player 1 to decide" in lines[0] and "1)" in "\n".join(lines)
    child.sendcontrol("d")
    child.expect(t("cli.input-ended-remote", "en").split(" (")[0])
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pay_dirt_auction_shows_its_lots_at_80_by_24(server: Served, lang: str) -> None:
    server.new_table("pay-dirt", [{"kind": "human", "name": "Ann"}, BOT])
    child = server.connect(lang=lang)
    child.expect(PROMPT if lang == "en" else "中断）")
    lines = turn_screen(child.before + child.after) if lang == "en" else child.before.split("\n")[-24:]
    screen = plain("\n".join(lines))
    assert len(lines) <= 24
    assert "#1 $" in screen and "#3 $" in screen  # the lot table: number and minimum bid
    assert re.search(r"1–\d+\)", screen)  # the openings folded into ranges
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_connect_reconnects_after_sigkill_and_restart(server: Served) -> None:
    server.new_table("dicey-farm", [{"kind": "human", "name": "Ann"}])
    before = httpx.get(f"{server.base}/api/tables/{server.table}/view", timeout=10).json()["state"]
    child = server.connect()
    child.expect(PROMPT)
    server.kill()
    child.send("1\r")  # the move finds the socket gone: it reconnects first, saying so
    child.expect("reconnecting in")
    server.start()
    child.expect("Reconnected", timeout=120)
    child.expect(PROMPT)
    after = httpx.get(f"{server.base}/api/tables/{server.table}/view", timeout=10).json()["state"]
    assert after == before + 1  # the move went once, after the restart; never twice
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
