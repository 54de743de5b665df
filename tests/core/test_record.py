"""Records: exact replay, and clear errors for corrupt ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gameshelf
from gameshelf.core.errors import RecordError, SetupError
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout


def _finished(seed: int = 3) -> gameshelf.State:
    state = gameshelf.load_game("hidden-high").new_game(3, seed)
    for _ in random_playout(state, Stream(seed), 1000):
        pass
    return state


def test_record_replays_exactly(tmp_path: Path) -> None:
    state = _finished()
    path = gameshelf.save_record(state.record(), tmp_path / "g.json")
    again = gameshelf.replay(gameshelf.load_record(path))
    assert again.snapshot() == state.snapshot()
    assert again.record()["result"] == state.record()["result"]


@pytest.mark.parametrize(
    "mutate,code",
    [
        (lambda r: r.pop("seed"), "bad-record"),
        (lambda r: r.update(game="chess"), "unknown-game"),
        (lambda r: r.update(rules_version="0"), "wrong-version"),
        (lambda r: r.update(players=9), "bad-record"),
        (lambda r: r.update(actions="nope"), "bad-record"),
        (lambda r: r["actions"].insert(0, {"type": "play", "card": 99}), "bad-move"),
        (lambda r: r["actions"].insert(0, {"type": "fly"}), "bad-move"),
    ],
)
def test_corrupt_records_are_refused(mutate, code: str) -> None:  # type: ignore[no-untyped-def]
    record = json.loads(json.dumps(_finished().record()))
    mutate(record)
    with pytest.raises(RecordError) as info:
        gameshelf.replay(record)
    assert info.value.code == code
    assert info.value.message_in("ja")


def test_unreadable_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError):
        gameshelf.load_record(bad)
    with pytest.raises(RecordError):
        gameshelf.load_record(tmp_path / "missing.json")


def test_setup_errors() -> None:
    game = gameshelf.load_game("hidden-high")
    with pytest.raises(SetupError) as info:
        game.new_game(7, 1)
    assert info.value.code == "bad-player-count"
    with pytest.raises(SetupError):
        game.new_game(2, "x")  # type: ignore[arg-type]
    with pytest.raises(SetupError) as info:
        game.new_game(2, 1, {"speed": 3})
    assert info.value.code == "unknown-option"


def test_registry_lists_games() -> None:
    assert "hidden-high" in gameshelf.games()
    with pytest.raises(KeyError):
        gameshelf.load_game("no-such-game")
