"""Every game's turn fits an 80×24 terminal (issue 29): the turn's heading,
the compact board (``d`` for the rest), every move and the prompt on one
screen, and no heading cut mid-word."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.cli.pty_terminal import spawn
from tests.cli.test_pty_safety import to_prompt

GAMES = [
    ("dicey-farm",),
    ("filthy-rich", "-n", "2", "--seat", "2=bot:random"),
    ("filthy-rich", "-n", "4", "--seat", "2=bot:random", "--seat", "3=bot:random", "--seat", "4=bot:random"),
    ("pay-dirt", "-n", "2", "--seat", "2=bot:random"),
    ("above-and-below", "-n", "2", "--seat", "2=bot:random"),
    ("above-and-below", "-n", "4", "--seat", "2=bot:random", "--seat", "3=bot:random", "--seat", "4=bot:random"),
]


def screen_of_turn(raw: str) -> list[str]:
    """The lines from the last turn heading to the prompt, as printed."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw).replace("\r", "")
    start = text.rfind("to decide")
    assert start >= 0, text[-500:]
    return text[text.rfind("\n", 0, start) + 1:].split("\n")


@pytest.mark.parametrize("args", GAMES, ids=lambda a: f"{a[0]}-{a[2] if len(a) > 2 else 1}p")
@pytest.mark.parametrize("moves", [0, 3])
def test_a_turn_fits_80_by_24(tmp_path: Path, args: tuple[str, ...], moves: int) -> None:
    child = spawn("play", *args, "--seed", "3", "--save-dir", str(tmp_path), rows=24, cols=80)
    seen = to_prompt(child)
    for _ in range(moves):  # a few moves in, the board has more on it
        child.send("1\r")
        seen = to_prompt(child)
    lines = screen_of_turn(seen + child.after)
    assert len(lines) <= 24, "\n".join(lines)
    # no heading cut mid-word (Pay Dirt's lot table below its one-line header ends its
    # cells in "…" by design: the whole card is behind d)
    head = 2 if args[0] == "pay-dirt" else 8
    assert not any(re.search(r"\w…", line) for line in lines[:head]), "\n".join(lines)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
