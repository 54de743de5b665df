"""Hidden High's components, read from ``data/deck.toml`` and checked at load.

Why a data file for three numbers: a real game's cards, tiles and costs live
in ``data/*.toml`` (the rulebook's tables, not code), each read once here
with every value checked for its exact type and range, so a broken file
stops the game with a sentence instead of a wrong deal.
"""

from __future__ import annotations

import dataclasses
from functools import cache

from gameshelf.core.datafile import read_game_data


class DataError(ValueError):
    """Hidden High's ``data/deck.toml`` is malformed."""


@dataclasses.dataclass(frozen=True)
class Components:
    cards: tuple[int, ...]
    deal: int
    hand_limit: int


@cache
def components() -> Components:
    data = read_game_data(__package__ or "tests.template_game", "deck.toml", DataError)
    if set(data) != {"cards", "deal", "hand_limit"}:
        raise DataError(f"data/deck.toml: wants cards, deal and hand_limit, not {sorted(data)}")
    for key, value in data.items():
        if type(value) is not int or not 1 <= value <= 60:
            raise DataError(f"data/deck.toml: {key} must be a whole number 1..60, not {value!r}")
    if not data["deal"] < data["hand_limit"] or data["deal"] * 4 > data["cards"]:
        raise DataError("data/deck.toml: deal must be below hand_limit and four hands must fit the deck")
    return Components(tuple(range(1, data["cards"] + 1)), data["deal"], data["hand_limit"])
