"""Keys typed while it is not your turn: taken off the terminal, not played.

Why: a person who types while a bot thinks, or while another seat of a
server's table moves, would otherwise have those keys read as the answer
to a move list they have not seen yet (issue 29: a seat "discarded Yakuza
Loan" that way). So when a turn's list appears, whatever waits in the
terminal's input is taken off and thrown away, and the session says so;
and while waiting, a typed ``q`` is still read as "leave".

Only a real terminal is touched (``stdin`` a tty): tests and pipes pass
their own readers and nothing here runs for them.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Callable
from typing import TextIO

#: takes what was typed ahead (whole lines, newest last) off the input
Pending = Callable[[], list[str]]


def terminal_pending(stream: TextIO | None = None) -> Pending | None:
    """A :data:`Pending` for ``stream`` (default ``sys.stdin``) when it is a
    terminal, else ``None``."""
    stream = stream or sys.stdin
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    if not os.isatty(fd):
        return None
    return lambda: take_pending(fd)


def take_pending(fd: int) -> list[str]:
    """The complete lines waiting on ``fd`` (a terminal in line mode hands
    over only finished lines), then the half-typed rest flushed too."""
    chunks = []
    while select.select([fd], [], [], 0)[0]:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    try:
        import termios

        termios.tcflush(fd, termios.TCIFLUSH)  # a line typed without Enter goes too
    except (ImportError, OSError):
        pass
    text = b"".join(chunks).decode("utf-8", "replace")
    return [line for line in text.replace("\r", "\n").split("\n") if line.strip()]
