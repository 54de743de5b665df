"""The screens behind the move prompt's keys (``d`` details, ``l`` log,
``?`` help), shared by local play and ``gameshelf connect`` so both take
the same keys and show the same things (issue 29).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from gameshelf.core.i18n import t
from gameshelf.core.protocol import Game
from gameshelf.terminal.fit import Lines
from gameshelf.terminal.prompts import INTERRUPT, Reader, ask_number, normalize, safe_read, wait_key


def show_details(console: Console, game: Game, observation: Any, lang: str | None, read: Reader,
                 more_help: Callable[[], object]) -> None:
    """The screens behind the compact board (a player's whole area, the
    market, the book), chosen by number, each held until a key; the whole
    board when the game has no such screens."""
    screens = game.terminal_view().details(observation, lang)
    if not screens:
        page(console, game.render(observation, lang), read, lang)
        return
    for number, (label, _) in enumerate(screens, start=1):
        console.print(f"  [cyan]{number})[/] {escape(label)}", highlight=False)
    picked = ask_number(console, t("cli.pick-details", lang), 1, len(screens), read, lang, more_help=more_help)
    if picked is not None:
        page(console, screens[picked - 1][1], read, lang)


def show_log(console: Console, lines: Sequence[str], lang: str | None, read: Reader) -> None:
    """The whole log as this seat may read it, held until a key."""
    page(console, Panel("\n".join(lines) or "-", title=t("cli.log-title", lang)), read, lang)


def page(console: Console, renderable: Any, read: Reader, lang: str | None) -> None:
    """Show ``renderable`` a screen at a time, then hold it until Enter.
    Why: the ``?`` help and a long log were taller than 24 lines, and their
    top scrolled away unread (issue 43). Each page leaves the last line to
    the prompt: Enter shows more, ``q`` or Ctrl-C goes back to the game.
    A file or a test's console has no screen height and gets it whole."""
    lines = console.render_lines(renderable, console.options, pad=False)
    room = max(3, console.height - 1) if console.is_terminal else max(1, len(lines))
    for start in range(0, len(lines), room):
        console.print(Lines(lines[start:start + room]))
        if start + room >= len(lines):
            break
        answer = safe_read(read, t("cli.more", lang, shown=start + room, total=len(lines)) + " ")
        if answer is None or answer == INTERRUPT or normalize(answer) == "q":
            return
    wait_key(read, lang)
