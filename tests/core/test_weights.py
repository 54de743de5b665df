"""Heuristic weights files: validated, round-tripped, swapped through a slot."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.datafile import parse_toml
from gameshelf.core.registry import shipped_games
from gameshelf.core.weights import Weights, WeightsError, WeightSlot, parse_weights, weight_slot

TEXT = """
status = "designed"
[good]
fish = 0.7
wheat = 1
[misc]
die = 1.8
"""


def weights() -> Weights:
    return parse_weights(parse_toml(TEXT, "t", WeightsError), "t")


def test_tables_read_as_floats_and_flatten() -> None:
    w = weights()
    assert w["good"] == {"fish": 0.7, "wheat": 1.0}
    assert w.flat() == {"good.fish": 0.7, "good.wheat": 1.0, "misc.die": 1.8}
    assert w.with_flat(w.flat()) == w
    assert w.with_flat({"misc.die": 2})["misc"]["die"] == 2.0
    assert w["misc"]["die"] == 1.8  # with_flat copies


def test_toml_round_trip() -> None:
    w = weights()
    text = w.to_toml("tuned", "line one\nline two")
    assert text.startswith("# line one\n# line two\nstatus = \"tuned\"")
    assert parse_weights(parse_toml(text, "t", WeightsError), "t", like=w) == w


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("status = 3", "status must be text"),
        ("good = 3", "good must be a table of weights"),
        ("[good]\nfish = -1", "[good] fish must be a number >= 0"),
        ("[good]\nfish = 'lots'", "[good] fish must be a number >= 0"),
        ("[good]\nfish = true", "[good] fish must be a number >= 0"),
    ],
)
def test_malformed_files_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(WeightsError) as err:
        parse_weights(parse_toml(text, "w.toml", WeightsError), "w.toml")
    assert message in str(err.value) and "w.toml" in str(err.value)


def test_a_file_must_match_the_games_weights() -> None:
    other = parse_toml("[good]\nfish = 1\nunicorn = 2\n[misc]\ndie = 1", "o", WeightsError)
    with pytest.raises(WeightsError, match=r"missing good\.wheat; unknown good\.unicorn"):
        parse_weights(other, "o.toml", like=weights())


def test_an_unknown_name_cannot_be_set() -> None:
    with pytest.raises(WeightsError, match=r"unknown heuristic weight 'good\.unicorn'"):
        weights().with_flat({"good.unicorn": 1.0})


def test_slot_swaps_reads_and_writes(tmp_path: Path) -> None:
    slot = WeightSlot("gameshelf.games.dicey_farm")
    assert slot.current is slot.shipped
    other = slot.shipped.with_flat({"misc.die": 9.0})
    assert slot.use(other) is slot.shipped and slot.current is other
    path = tmp_path / "w.toml"
    slot.write(other, path, "tuned", "test")
    assert slot.read(path) == other
    path.write_text("[good]\nfish = 1\n")
    with pytest.raises(WeightsError, match="does not match the game's weights"):
        slot.read(path)
    with pytest.raises(WeightsError, match="cannot read it"):
        slot.read(tmp_path / "missing.toml")


def test_games_with_and_without_weights() -> None:
    from gameshelf.core.registry import load_game
    from tests.tiny_game import HiddenHigh

    for game_id in shipped_games():
        assert isinstance(weight_slot(load_game(game_id)), WeightSlot)
    assert weight_slot(HiddenHigh()) is None  # a game that declares no heuristics
