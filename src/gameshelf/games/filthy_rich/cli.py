"""Filthy Rich's own CLI command: ``gameshelf filthy-rich-cards`` lists the deck.

Why: someone entering the real cards (see RULES.md) wants to see the deck as
the game reads it, with designed values marked, after every edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer


def cards(
    lang: str | None = typer.Option(None, "--lang", help="en or ja"),
) -> None:
    """Print every card of the Filthy Rich deck and the luxuries."""
    from rich.console import Console
    from rich.table import Table

    from gameshelf.core.i18n import t
    from gameshelf.games.filthy_rich.cards import catalog
    from gameshelf.games.filthy_rich.texts import describe_card

    cat = catalog()
    table = Table(title=t("filthy_rich.name", lang))
    for col in ("#", "card", "designed"):
        table.add_column(col)
    for card in range(cat.deck_size):
        ref = cat.card_ref[card]
        entry: Any = (cat.signs, cat.assets, cat.actions)[cat.card_kind[card]][ref]
        table.add_row(str(card), describe_card(cat, card, lang), _designed(entry.designed))
    for lux in cat.luxuries:
        name = t(f"filthy_rich.card.{lux.key}", lang)
        table.add_row("L", f"{name} ${lux.cost} ({lux.tax}$)", _designed(lux.designed))
    Console().print(table)


def _designed(value: bool | tuple[str, ...]) -> str:
    if value is True:
        return "yes"
    return ", ".join(value) if value else "no"


def commands() -> list[tuple[str, Callable[..., None]]]:
    return [("filthy-rich-cards", cards)]
