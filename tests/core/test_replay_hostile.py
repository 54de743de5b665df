"""Hypothesis: whatever a record holds, ``replay`` raises only RecordError.

Records are read from disk and, soon, uploaded by strangers; a replay that
dies of a raw TypeError (a float seed, a list for a game id, a 5,000-digit
number, lists nested past the stack) would take a server request down with
it. Each case is a real record with one part replaced by hostile JSON.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gameshelf
from gameshelf.core.errors import RecordError
from gameshelf.core.record import RECORD_KEYS
from gameshelf.core.registry import shipped_games
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout
from tests.shelf import seats
from tests.template_game.game import HiddenHigh

GAMES = {HiddenHigh.id: 3, **{game_id: seats(game_id) for game_id in shipped_games()}}
#: moves kept per record: enough for every kind of field, quick to replay.
PREFIX = 40

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.builds(pow, st.just(10), st.sampled_from([5000, 40]))  # too long to print
    | st.sampled_from([-(10**40), 2**31, 2**64, -1, 0])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([4.0, 0.0, -0.0, 1.0])
    | st.text(max_size=30)
    | st.sampled_from(["x" * 5000, "\ud800", "@errors.game-over", "{detail}"])
)
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@functools.cache
def _record(game_id: str) -> str:
    state = gameshelf.load_game(game_id).new_game(GAMES[game_id], 5)
    for _ in random_playout(state, Stream(5), PREFIX):
        pass
    return json.dumps(state.record())


@st.composite
def hostile_records(draw: st.DrawFn) -> Any:
    record = json.loads(_record(draw(st.sampled_from(sorted(GAMES)))))
    where = draw(st.sampled_from(["top", "drop", "action", "field", "whole", "deep"]))
    value = draw(junk)
    if where == "top":
        record[draw(st.sampled_from(RECORD_KEYS))] = value
    elif where == "drop":
        del record[draw(st.sampled_from(RECORD_KEYS))]
    elif where == "action":
        record["actions"].insert(draw(st.integers(0, len(record["actions"]))), value)
    elif where == "field":
        action = draw(st.sampled_from(record["actions"]))
        action[draw(st.sampled_from([*sorted(action), "extra"]))] = value
    elif where == "deep":
        record[draw(st.sampled_from(RECORD_KEYS))] = _deep(50_000)
    else:
        return value
    return copy.deepcopy(record) if where != "deep" else record


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(record=hostile_records())
def test_a_hostile_record_raises_only_record_error(record: Any) -> None:
    try:
        gameshelf.replay(record)
    except RecordError as exc:
        assert exc.message_in("en") and exc.message_in("ja")
        json.dumps(exc.to_json())


def test_a_record_file_too_deep_or_too_long_for_python_is_refused(tmp_path: Any) -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5000 + "}"):
        path = tmp_path / "r.json"
        path.write_text(text, encoding="utf-8")
        try:
            gameshelf.load_record(path)
        except RecordError:
            continue
        raise AssertionError("an unreadable record was read")
