"""Moves from strangers: exact types and ranges, and nothing shared moves (issue 16, §1).

A refused move leaves its own game byte for byte as it was, and no move at all,
refused or played, changes what another game in the same process lists: the
prebuilt action values that every Filthy Rich state shares are made from the
card data alone and cannot be written to.
"""

from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import IllegalAction
from gameshelf.games.filthy_rich.actions import ACTION_CLASSES, Bid, PlaceSign, PlayCard
from gameshelf.games.filthy_rich.rules.legal import table
from gameshelf.games.filthy_rich.state import FilthyRichState
from tests.games.filthy_rich.helpers import CAT, choose, new, own_luxury, set_hand, set_money

KINDS = [cls.kind for cls in ACTION_CLASSES]


def _exact(value: Any) -> Any:
    """A JSON value with its Python types spelled out (1 and 1.0 and true differ)."""
    if isinstance(value, list | tuple):
        return [_exact(v) for v in value]
    if isinstance(value, dict):
        return {k: _exact(v) for k, v in value.items()}
    return (type(value).__name__, value)


def _listing(s: FilthyRichState) -> Any:
    return _exact([a.to_json() for a in s.legal_actions()])


def _positions() -> list[FilthyRichState]:
    """A turn, a sign waiting for its pockets, and an auction."""
    turn = new(3, 1)
    place = new(3, 2)
    business = set_hand(place, 0, ["dentist"])[0]
    choose(place, f"play {business}")
    auction = new(3, 3)
    set_money(auction, 1, 1)
    own_luxury(auction, 1, "personal_trainer")
    lawsuit = set_hand(auction, 0, ["lawsuit"])[0]
    choose(auction, f"play {lawsuit}")
    assert (turn.phase, place.phase, auction.phase) == ("turn", "place", "auction")
    return [turn, place, auction]


def test_the_shared_action_table_cannot_be_written_to() -> None:
    t = table(CAT)
    for name in t.__slots__:
        value = getattr(t, name)
        assert isinstance(value, tuple | MappingProxyType), f"table.{name} is mutable"
    with pytest.raises(TypeError):
        t.bid[3] = Bid(3)  # type: ignore[index]
    for action in [*t.play, *t.buy, *t.bid.values(), *t.place.values()]:
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            items = value if isinstance(value, tuple) else (value,)
            assert all(type(v) is int for v in items), f"{action} holds a non-int"


MALFORMED_BUILT = [
    Bid(3.0),  # type: ignore[arg-type]
    Bid(True),  # type: ignore[arg-type]
    Bid(1.0),  # type: ignore[arg-type]  (equals the listed "bid +1")
    PlaceSign((1.0,)),  # type: ignore[arg-type]
    PlaceSign([1]),  # type: ignore[arg-type]
    PlayCard(0.0),  # type: ignore[arg-type]
    PlayCard(-1),
    PlayCard(10**6),
    PlayCard(2**80),
    Bid(-3),
]


@pytest.mark.parametrize("bad", MALFORMED_BUILT, ids=[repr(a) for a in MALFORMED_BUILT])
def test_a_malformed_move_is_refused_and_nothing_else_changes(bad: Any) -> None:
    """Built in Python with the wrong type or an id that names nothing: refused in
    every phase, the game unchanged, another game's menu unchanged."""
    witness = _positions()
    seen = [_listing(w) for w in witness]
    for s in _positions():
        before = s.snapshot()
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.message_in("en") and err.value.message_in("ja")
        assert s.snapshot() == before
    assert [_listing(w) for w in witness] == seen


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
_FIELDS = ("card", "luxury", "pockets", "seat", "page", "raise_by", "price")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from([*KINDS, "nope", ""]),
    fields=st.dictionaries(st.sampled_from(_FIELDS), _JUNK, max_size=3),
    which=st.integers(0, 2),
)
def test_fuzzed_json_moves_never_change_a_game_they_do_not_fit(
    kind: str, fields: dict[str, Any], which: int
) -> None:
    """Any JSON move: either it is exactly a legal move (and plays), or it is
    refused with the project's error and changes nothing, here or elsewhere."""
    games = _positions()
    s = games[which]
    witness = games[(which + 1) % 3]
    seen = _listing(witness)
    before = s.snapshot()
    obj = {"type": kind, **fields}
    try:
        action = s.game.action_from_json(json.loads(json.dumps(obj)))
        s.apply(action)
    except IllegalAction as err:
        assert err.message_in("en") and err.message_in("ja")
        assert s.snapshot() == before
    else:
        assert all(type(v) is int for v in fields.values() if not isinstance(v, list))
        s.check_invariants()
    assert _listing(witness) == seen
