"""The manifest's [analysis.fields]: every figure a reason may name exists in
the game's observation and has a label in English and Japanese."""

from __future__ import annotations

from typing import Any

import pytest

from gameshelf.analysis.features import game_fields, seat_features
from gameshelf.core import i18n
from gameshelf.core.registry import load_game, shipped_games

GAMES = shipped_games()


def resolve(observation: Any, path: str) -> bool:
    value = observation
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False
    return isinstance(value, int | float | list | dict)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_is_in_the_observation_and_labelled(game_id: str) -> None:
    fields = game_fields(game_id)
    assert fields, f"{game_id} lists no figures"
    game = load_game(game_id)
    players = 1 if game_id == "dicey-farm" else 2
    state = game.new_game(players, 1)
    for seat in range(players):
        seen = state.observation(seat)
        for name, path in fields.items():
            assert resolve(seen, path.replace("{seat}", str(seat))), f"{game_id}: {name} = {path!r}"
        figures = seat_features(state, seat)
        assert set(figures) == set(fields) and all(type(v) is float for v in figures.values())
    for lang in ("en", "ja"):
        for name in fields:
            assert i18n.has(f"{i18n.namespace(game_id)}.field.{name}", lang), (lang, game_id, name)


def test_the_figures_are_the_seats_own() -> None:
    state = load_game("filthy-rich").new_game(2, 1)
    state.money[1] += 7  # type: ignore[attr-defined]
    before = state.snapshot()
    assert seat_features(state, 1)["money"] == seat_features(state, 0)["money"] + 7
    assert state.snapshot() == before  # the log set aside while reading is put back
