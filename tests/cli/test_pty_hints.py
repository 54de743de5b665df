"""Hints on a real terminal (issue 26): Ctrl-C while a hint thinks cancels
the hint alone, and keys typed while it thinks never play a move.

The hint is given a long budget (``GAMESHELF_HINT_BUDGET``) so the keys
surely arrive while it thinks; it ends early on Ctrl-C, and in the
type-ahead test ``1`` then Enter are checked to have played nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pexpect

from gameshelf.core.i18n import t
from tests.cli.pty_terminal import plain, spawn

PROMPT = "q quit"


def spawn_with_hints(tmp_path: Path, budget: str) -> pexpect.spawn:
    os.environ["GAMESHELF_HINT_BUDGET"] = budget  # spawn() copies the environment
    try:
        return spawn("play", "pay-dirt", "-n", "2", "--seat", "2=bot:random", "--seed", "5", "--hints",
                     "--save-dir", str(tmp_path))
    finally:
        del os.environ["GAMESHELF_HINT_BUDGET"]


def leave_with_nothing_played(child: pexpect.spawn, tmp_path: Path) -> None:
    """q, yes, and no to saving (offered even with no move, issue 43): nothing was played or saved."""
    child.send("q\r")
    child.expect(t("cli.quit-confirm", "en"))
    child.send("y\r")
    child.expect("Save it")
    child.send("n\r")
    child.expect(pexpect.EOF)
    assert t("cli.quit", "en") in plain(child.before)
    assert not list(tmp_path.iterdir())


def test_ctrl_c_during_a_hint_cancels_it_and_the_game_goes_on(tmp_path: Path) -> None:
    child = spawn_with_hints(tmp_path, "600")
    child.expect(PROMPT)
    child.send("hint\r")
    child.expect("Thinking")
    child.sendintr()
    child.expect(t("hints.cancelled", "en"))
    child.expect(PROMPT)  # asked again: no "Leave this game?", no move
    assert t("cli.quit-confirm", "en") not in plain(child.before)
    leave_with_nothing_played(child, tmp_path)


def test_keys_typed_while_a_hint_thinks_play_nothing(tmp_path: Path) -> None:
    child = spawn_with_hints(tmp_path, "3")
    child.expect(PROMPT)
    child.send("hint\r")
    child.expect("Thinking")
    child.send("1\r")  # typed by reflex while the hint thinks
    child.expect("Hint for Player 1")
    child.expect("discarded")
    child.expect(PROMPT)
    leave_with_nothing_played(child, tmp_path)  # the "1" was not played
