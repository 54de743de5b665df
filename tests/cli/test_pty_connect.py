"""``gameshelf connect`` on a real terminal against a real server (issue
43): a turn fits 80×24 as local play's does, Pay Dirt's auction shows its
lots and every camp there with two to four players, and the client survives the server's SIGKILL and restart."""

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
from tests.cli.pty_terminal import last_turn
from tests.cli.test_pty_issue43 import PROMPT_OF, check_auction_screen
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


def test_help_at_a_server_table_says_q_leaves_the_seat_waiting(server: Served) -> None:
    """At a friend's table ``q`` leaves and the seat stays; there is nothing
    to ``resume``, so the help must not promise a save."""
    server.new_table("dicey-farm", [{"kind": "human", "name": "Ann"}])
    child = server.connect()
    child.expect(PROMPT)
    child.sendline("?")
    # the key column is styled, so the words after it are what is looked for
    child.expect(re.escape(t("cli.key-quit-remote", "en").split(None, 1)[1]))
    assert t("cli.key-quit", "en").split(None, 1)[1] not in child.before
    child.sendline("q")  # the help pages at the screen's height: q goes back to the turn
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("players", "lang"), [(2, "ja"), (3, "en"), (3, "ja"), (4, "en"), (4, "ja")])
def test_pay_dirt_auction_shows_lots_and_every_camp_at_80_by_24(server: Served, players: int, lang: str) -> None:
    """The first auction, seat 1 the auctioneer, as local play shows it
    (:func:`tests.cli.test_pty_issue43.check_auction_screen`)."""
    server.new_table("pay-dirt", [{"kind": "human", "name": "Ann"}, *[BOT] * (players - 1)])
    child = server.connect(lang=lang)
    child.expect(PROMPT_OF[lang])
    check_auction_screen(last_turn(child.before + child.after), players, lang)
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
