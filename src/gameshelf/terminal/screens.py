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
from gameshelf.terminal.prompts import Reader, ask_number, wait_key


def show_details(console: Console, game: Game, observation: Any, lang: str | None, read: Reader,
                 more_help: Callable[[], object]) -> None:
    """The screens behind the compact board (a player's whole area, the
    market, the book), chosen by number, each held until a key; the whole
    board when the game has no such screens."""
    screens = game.terminal_view().details(observation, lang)
    if not screens:
        console.print(game.render(observation, lang))
        wait_key(read, lang)
        return
    for number, (label, _) in enumerate(screens, start=1):
        console.print(f"  [cyan]{number})[/] {escape(label)}", highlight=False)
    picked = ask_number(console, t("cli.pick-details", lang), 1, len(screens), read, lang, more_help=more_help)
    if picked is not None:
        console.print(screens[picked - 1][1])
        wait_key(read, lang)


def show_log(console: Console, lines: Sequence[str], lang: str | None, read: Reader) -> None:
    """The whole log as this seat may read it, held until a key."""
    console.print(Panel("\n".join(lines) or "-", title=t("cli.log-title", lang)), highlight=False)
    wait_key(read, lang)
