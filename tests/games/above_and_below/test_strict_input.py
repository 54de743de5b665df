"""Issue 16 §1: a move from outside is checked field by field before anything
changes, and a refused move changes nothing, here or in any other game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import IllegalAction, RecordError
from gameshelf.core.record import replay
from gameshelf.core.registry import load_game
from gameshelf.games.above_and_below.actions import Choose, Offer, make
from tests.games.above_and_below.fixtures import BUILDER, SCOUT, new_state, play

GAME = load_game("above-and-below")


def _moves(state: Any) -> str:
    """Another game's legal moves, with the exact type of every field."""
    return json.dumps([[a.kind, *((k, type(v).__name__, v) for k, v in a.to_json().items())]
                       for a in state.legal_actions()])


def _at_option() -> Any:
    """A game reading an encounter paragraph (moves with an option index)."""
    state = new_state(2)
    play(state, *(a for a in (make.Act("explore"), make.Assign(BUILDER), make.Assign(SCOUT))))
    if state.phase == "assign":
        play(state, make.SetOut())
    assert state.phase == "option"
    return state


def _refused_from_json(state: Any, obj: Any) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(GAME.action_from_json(obj))
    assert state.snapshot() == before


@pytest.mark.parametrize("bad", [0.0, True, False, "0", None, [0], {"a": 0}, 10**40, -1])
def test_a_float_or_bool_option_is_refused_and_poisons_no_other_game(bad: Any) -> None:
    """"bool is not int, float is not int": a refused move must not change what
    another game's ``legal_actions()`` returns (it once got ``option=0.0``)."""
    target, other = _at_option(), _at_option()
    seen = _moves(other)
    pid = target.task.paragraph
    _refused_from_json(target, {"type": "choose", "paragraph": pid, "option": bad})
    with pytest.raises(IllegalAction):
        target.apply(Choose(pid, bad))
    assert _moves(other) == seen
    assert all(type(a.option) is int for a in other.legal_actions())


def test_an_offer_price_of_three_point_oh_is_refused() -> None:
    state = new_state(2)
    state.villages[1].sale = "ore"
    _refused_from_json(state, {"type": "offer", "seller": 1, "price": 3.0})
    _refused_from_json(state, {"type": "offer", "seller": True, "price": 3})
    _refused_from_json(state, {"type": "respond", "accept": 1})
    _refused_from_json(state, {"type": "offer", "seller": 1, "price": 3, "note": "x"})
    _refused_from_json(state, {"type": "offer", "seller": 1})
    assert all(type(a.price) is int for a in state.legal_actions() if isinstance(a, Offer))


@pytest.mark.parametrize("obj", [
    {"type": "assign", "villager": 1.0}, {"type": "assign", "villager": 999}, {"type": "act", "action": "nap"},
    {"type": "build", "card": "s0"}, {"type": "rest", "remedy": "bed", "villager": -3},
    {"type": "sell", "item": "gold"}, {"type": "pass", "now": True}, [], "pass", {"type": "ｐａｓｓ"},
])
def test_malformed_moves_are_refused_before_the_rules(obj: Any) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.action_from_json(obj)
    assert err.value.code == "malformed-action"


def test_a_move_of_the_wrong_seat_changes_nothing() -> None:
    state = new_state(2)
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(make.Pass(), player=1)
    assert state.snapshot() == before


def test_replay_of_a_record_with_a_float_raises_record_error() -> None:
    state = new_state(2)
    play(state, make.Act("labor"), make.Assign(BUILDER))
    record = state.record()
    record["actions"][1]["villager"] = float(BUILDER)
    with pytest.raises(RecordError):
        replay(record)
    record["actions"][1]["villager"] = True
    with pytest.raises(RecordError):
        replay(record)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
_KINDS = [cls.kind for cls in GAME.action_classes]
_FIELDS = ["action", "villager", "card", "paragraph", "option", "seller", "price", "accept", "item", "good",
           "row", "remedy"]


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(_KINDS), values=st.dictionaries(st.sampled_from(_FIELDS), _JSON, max_size=3))
def test_fuzzed_moves_change_nothing_here_or_elsewhere(kind: str, values: dict[str, Any]) -> None:
    """Random JSON moves: each is either legal or refused with the project's own
    error, and a refusal leaves this game and another game as they were."""
    target, other = _FUZZ
    seen, before = _moves(other), target.snapshot()
    try:
        action = GAME.action_from_json({"type": kind, **values})
        trial = target.clone()
        trial.apply(action)
    except IllegalAction:
        pass
    assert target.snapshot() == before
    assert _moves(other) == seen


_FUZZ = (_at_option(), _at_option())


def test_the_shared_action_caches_are_typed() -> None:
    """The cached constructors key on type as well as value: a float or a bool
    built once can never be handed out for the int (the cross-game leak of issue 16)."""
    make.Choose(1, 0.0)
    make.Assign(True)
    assert type(make.Choose(1, 0).option) is int
    assert type(make.Assign(1).villager) is int
