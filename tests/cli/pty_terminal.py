"""Driving ``gameshelf`` through a real pseudo-terminal (``pexpect``).

Why a pty and not :mod:`tests.cli.driver`'s scripted reader: type-ahead,
Ctrl-C, Ctrl-D, the scrollback and the screen size exist only on a real
terminal (issue 29), so these tests run the command as a person would.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60


def spawn(*args: str, rows: int = 40, cols: int = 120, cwd: Path | None = None) -> pexpect.spawn:
    """``python -m gameshelf.cli ARGS`` on a terminal of ``rows`` × ``cols``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["TERM"] = "xterm-256color"
    env["COLUMNS"], env["LINES"] = str(cols), str(rows)
    env.pop("GAMESHELF_LANG", None)
    return pexpect.spawn(sys.executable, ["-m", "gameshelf.cli", *args], env=env, cwd=str(cwd or ROOT),
                         dimensions=(rows, cols), encoding="utf-8", timeout=TIMEOUT)


def plain(text: str) -> str:
    """``text`` without colours and cursor codes, spaces folded."""
    return " ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r", "", text).split())


def last_turn(raw: str) -> list[str]:
    """The lines of the last turn as printed, from its rule ("──── Player 1
    to decide ────", in any language) to the prompt."""
    lines = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw).replace("\r", "").split("\n")
    rules = [k for k, line in enumerate(lines) if line.startswith("─")]
    assert rules, "\n".join(lines[-30:])
    return lines[rules[-1]:]
