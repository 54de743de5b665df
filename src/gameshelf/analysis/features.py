"""A seat's labelled figures (VP, coins, gold...), read from its own observation.

Why from the observation and through a data file: a mistake's reason says
what the better move gives that the played one did not ("+3 VP from the
market"), and it must name things the player knows and may see. The seat's
observation is exactly what it may see, and each game's manifest
(``[analysis.fields]`` in its ``data/manifest.toml``, labels
``<ns>.field.<name>`` in its locales) names which of its numbers mean
something to a player, so no game's code is imported and no sentence is
written per move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from statistics import fmean
from typing import Any

from gameshelf.core.manifest import MissingManifest, manifest
from gameshelf.core.protocol import PlayerId, State


@dataclasses.dataclass(frozen=True)
class Features:
    """A move's figures for the seat, averaged over the worlds played:
    ``soon`` once another seat is to decide or the seat has made three more
    decisions (at the end if the game ends first), ``end`` when the game is
    over. Keys are the field names of the game's manifest
    (``[analysis.fields]``)."""

    soon: Mapping[str, float] = dataclasses.field(default_factory=dict)
    end: Mapping[str, float] = dataclasses.field(default_factory=dict)

    @staticmethod
    def mean(soon: Sequence[Mapping[str, float]], end: Sequence[Mapping[str, float]]) -> Features:
        """The per-field means of the worlds' figures."""
        return Features(_mean(soon), _mean(end))


def _mean(samples: Sequence[Mapping[str, float]]) -> dict[str, float]:
    if not samples:
        return {}
    return {name: fmean(s[name] for s in samples) for name in samples[0]}


def game_fields(game_id: str) -> dict[str, str]:
    """The game's fields, name -> observation path, from its manifest
    (``{}`` for a game registered at run time without one: its reasons then
    speak of points only)."""
    try:
        return dict(manifest(game_id).fields)
    except MissingManifest:
        return {}


def seat_features(state: State, seat: PlayerId) -> dict[str, float]:
    """``seat``'s labelled figures in ``state``, read from its observation."""
    fields = game_fields(state.game.id)
    if not fields:
        return {}
    events, state.events = state.events, []  # the log is not a figure: skip copying it
    try:
        seen = state.observation(seat)
    finally:
        state.events = events
    return {name: _read(seen, path, seat) for name, path in fields.items()}


def _read(observation: Any, path: str, seat: PlayerId) -> float:
    """The number at ``path`` (``{seat}`` filled in); a list or a table
    counts its entries, a missing part reads as 0 (a village not yet built)."""
    value = observation
    for part in path.replace("{seat}", str(seat)).split("."):
        if isinstance(value, Mapping):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, list | Mapping):
        return float(len(value))
    return 0.0
