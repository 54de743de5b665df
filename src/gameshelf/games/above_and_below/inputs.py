"""Strict checks of a move before anything may change.

A move from outside (JSON from a stranger, a record, a script) must have
every field of its exact type and in range before the rules look at it:
``4.0`` and ``True`` compare equal to ``4`` and ``1`` in Python, so a move
written with them would pass a plain ``in legal_actions()`` test and then
store a float or a bool in the game, or reach a shared cache and change what
*another* game's ``legal_actions()`` returns. Here a field's type is its
annotation, taken literally (``bool`` is not ``int``), and the value must be
one the game can ever use: the action is in the game's finite action
universe, or (the one free amount) an offer of at least the minimum price.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any

from gameshelf.core.actions import Action as CoreAction
from gameshelf.core.errors import IllegalAction
from gameshelf.games.above_and_below import actions as A

#: the annotation text of each field type the actions use.
_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}

#: per action class, its fields as (name, exact type).
_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    cls: tuple((f.name, _TYPES[str(f.type)]) for f in dataclasses.fields(cls)) for cls in A.ACTION_CLASSES
}


def _malformed(detail: str) -> IllegalAction:
    return IllegalAction("malformed-action", {"detail": detail})


def exact_types(action: Any) -> bool:
    """Whether ``action`` is one of the game's action classes with every
    field of exactly its declared type (the test :func:`check` starts with)."""
    fields = _FIELDS.get(type(action))
    return fields is not None and all(type(getattr(action, n)) is t for n, t in fields)


def check(action: Any, universe: Collection[CoreAction], *, players: int, min_offer: int) -> None:
    """Raise ``malformed-action`` unless ``action`` is well formed.

    Args:
        action: the move to check (any object).
        universe: every action with a fixed id (exact types, so equality is safe
            once the types are known to be exact).
        players: the most seats a game of this kind can have (offers name a seller).
        min_offer: the lowest price an offer may name ("最低価格は、3コイン").
    """
    fields = _FIELDS.get(type(action))
    if fields is None:
        raise _malformed(f"a {type(action).__name__} is not an Above and Below move")
    for name, expected in fields:
        value = getattr(action, name)
        if type(value) is not expected:
            raise _malformed(f"{action.kind}.{name} must be {expected.__name__}, not {type(value).__name__}")
    if action in universe:
        return
    if isinstance(action, A.Offer):
        if not 0 <= action.seller < players:
            raise _malformed(f"offer.seller must be a seat from 0 to {players - 1}")
        if action.price < min_offer:
            raise _malformed(f"offer.price must be at least {min_offer}")
        return
    raise _malformed(f"{action.kind}: no such {', '.join(n for n, _ in fields) or 'move'} in this game")
