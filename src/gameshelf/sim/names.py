"""Items of a summary named as the game's catalogue names them.

Why: the per-card table is keyed by the data files' ids (``h07``, ``30``,
``k6``), which line up across runs but mean nothing to a reader (issue
29). Each game may name them through its ``Texts.item_name``;
the summary keeps the id and gains a ``name`` that every printed summary
and report shows. A game without the hook, or an id it does not know,
keeps the id as its name.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.registry import load_game


def name_items(summary: dict[str, Any], game_id: object, lang: str | None = None) -> dict[str, Any]:
    """Give each item of ``summary`` its catalogue ``name`` (in place; returned)."""
    items = summary.get("items") or []
    texts = None
    if isinstance(game_id, str):
        try:
            texts = load_game(game_id).texts()
        except KeyError:  # a folder written by a game this install does not have
            texts = None
    for entry in items:
        name = texts.item_name(str(entry["item"]), lang) if texts is not None else None
        entry["name"] = name if isinstance(name, str) and name else str(entry["item"])
    return summary


def item_label(entry: dict[str, Any]) -> str:
    """What a table or a plot calls an item: its name, else its id."""
    return str(entry.get("name") or entry["item"])
