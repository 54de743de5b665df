"""Making one turn's screen fit the terminal (issue 29: at 80×24 the turn's
heading scrolled off the top).

The move list is never cut: it is what the person answers. What gives way
is, first, the "why not" list (its first lines stay, then "… N more, ?
lists them"), then the foot of the compact board ("… d shows the rest"),
so the heading, the board's top, every move and the prompt stay on one
screen. Only a real terminal is fitted: a file or a test's console has no
screen height, and gets everything.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.terminal.fold import Folded

#: the turn's rule above the board and the prompt below the list
CHROME = 2


class Lines:
    """Already rendered lines, drawn as they are."""

    def __init__(self, lines: list[list[Segment]]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line
            yield Segment.line()


def height(console: Console, renderable: Any) -> int:
    return len(console.render_lines(renderable, console.options, pad=False)) if renderable is not None else 0


def prompt_lines(prompt: str, width: int) -> int:
    """The screen lines a prompt takes at ``width`` columns, with room for
    the answer's first two characters."""
    return max(1, -(-(cell_len(prompt) + 2) // max(1, width)))


def fit_why(console: Console, why: Text | None, limit: int, lang: str | None) -> Text | None:
    """The "why not" lines in at most ``limit`` screen lines: the heading,
    whole reasons from the first, then "… N more"; or, with no room for a
    reason, one line that says how many there are. Why screen lines: a
    reason longer than the screen wraps, and counting it as one line let
    seven wrapped reasons push a Pay Dirt auction's camps off (issue 43)."""
    if why is None or height(console, Folded(why)) <= limit:
        return why
    head, *reasons = why.split("\n")
    if not reasons:
        return why
    if limit < 2 + height(console, Folded(reasons[0])):  # not one reason fits: one line says how many
        return Text(t("cli.why-not-folded", lang, n=len(reasons)), style="dim")
    used = height(console, Folded(head)) + 1  # and the "… N more" line
    kept: list[Text] = []
    for reason in reasons:
        used += height(console, Folded(reason))
        if used > limit:
            break
        kept.append(reason)
    fitted = Text("\n").join([head, *kept])
    fitted.append("\n  " + t("cli.why-not-more", lang, n=len(reasons) - len(kept)), style="dim")
    return fitted


def fit_screen(console: Console, board: Any, moves: Any, why: Text | None, lang: str | None,
               prompt: str = "") -> list[Any]:
    """The board, the move list and the why-not lines, cut to the screen
    (``prompt``: the prompt's text, which may take more than one line)."""
    if not console.is_terminal:
        return [r for r in (board, moves, why) if r is not None]
    room = console.height - CHROME + 1 - prompt_lines(prompt, console.width) - height(console, moves)
    board_lines = console.render_lines(board, console.options, pad=False)
    fitted = fit_why(console, why, max(room - len(board_lines), 1), lang)
    why_fitted = Folded(fitted) if fitted is not None else None  # a Japanese reason breaks between characters
    room -= height(console, why_fitted)
    shown: Any = board
    if len(board_lines) > room:
        keep = max(1, room - 1)
        shown = Lines(board_lines[:keep])
        shown = [shown, Text(t("cli.board-more", lang), style="dim")]
    out: list[Any] = shown if isinstance(shown, list) else [shown]
    return [*out, moves, *([why_fitted] if why_fitted is not None else [])]
