"""Refused moves carry precise codes, read in both languages, and change nothing."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.above_and_below.actions import (
    Act,
    Assign,
    Build,
    Offer,
    Push,
    Refresh,
    Respond,
    SetOut,
    Track,
    Train,
)
from tests.games.above_and_below.fixtures import BUILDER, new_state, play


def _refused(state, action) -> str:  # type: ignore[no-untyped-def]
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.snapshot() == before
    assert "above_and_below." not in err.value.message_in("en")
    assert "above_and_below." not in err.value.message_in("ja")
    return err.value.code


def test_codes() -> None:
    state = new_state(2)
    assert _refused(state, Respond(True)) == "not-now"
    assert _refused(state, Act("dance")) == "unknown-action"
    assert _refused(state, Offer(1, 3)) == "bad-offer"
    assert _refused(state, Track("ore")) == "no-such-item"
    play(state, Refresh("house"))
    assert _refused(state, Refresh("outpost")) == "refreshed-already"
    play(state, Act("build"))
    assert _refused(state, Assign(1)) == "wrong-villager", "the scribe has no hammer"
    play(state, Assign(BUILDER))
    assert _refused(state, Build(state.star_row[-1])) == "cannot-build", "too dear"
    assert _refused(state, Train(state.slots[0])) == "not-now"


def test_explore_codes() -> None:
    state = new_state(2)
    play(state, Act("explore"), Assign(BUILDER))
    assert _refused(state, SetOut()) == "not-enough-villagers"
    assert _refused(state, Push(BUILDER)) == "not-now"


def test_no_ready_villager_code() -> None:
    state = new_state(2)
    v = state.villages[0]
    v.exhausted.extend(v.ready)
    v.ready.clear()
    assert _refused(state, Act("labor")) == "no-ready-villager"
