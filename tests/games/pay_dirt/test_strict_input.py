"""Strict move input (issue 16 §1): a malformed move is refused before
anything changes, in this game and in every other game of the process.

Pay Dirt keeps no cache a move can reach: the components are frozen tuples
loaded once, actions are built fresh by ``legal_actions`` and the core plays
the game's own listed instance (or a fresh copy of an accepted free opening
bid), never the caller's object. These tests hold that line for every field
of every action the game lists along whole games.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt.actions import Bid, KeepHardship, Nominate, Sell, Slide
from gameshelf.games.pay_dirt.board import Camp
from gameshelf.games.pay_dirt.rules import flow, hardship
from gameshelf.games.pay_dirt.state import PayDirtState
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import CLAIM, PERSON, item, new

#: what a hostile client puts in an integer field
HOSTILE: tuple[Any, ...] = (0.0, 1.0, 3.0, True, False, None, "1", [1], {"n": 1}, 2**70, -(2**70))


def _ints_only(value: Any, where: str = "state") -> None:
    """No float or bool has crept into the state where an int belongs."""
    if isinstance(value, float):
        raise AssertionError(f"{where} holds the float {value!r}")
    if isinstance(value, list | tuple):
        for i, v in enumerate(value):
            _ints_only(v, f"{where}[{i}]")
    elif isinstance(value, Camp):
        for name in Camp.__slots__:
            _ints_only(getattr(value, name), f"{where}.{name}")


def _legal_json(s: PayDirtState) -> str:
    return json.dumps([a.to_json() for a in s.legal_actions()])


def _refused_cleanly(s: PayDirtState, obj: Any, bystander: PayDirtState, seen: str) -> None:
    """``obj`` from the wire is refused with IllegalAction; nothing moved."""
    game = s.game
    before, record = s.snapshot(), json.dumps(s.record())
    with pytest.raises(IllegalAction) as refusal:
        s.apply(game.action_from_json(obj), s.current_player)
    assert refusal.value.message_in("en") and refusal.value.message_in("ja")
    assert s.snapshot() == before and json.dumps(s.record()) == record, f"{obj} changed the state"
    assert _legal_json(bystander) == seen, f"{obj} changed what another game may play"


def test_every_field_of_every_listed_move_is_checked_for_type_and_size() -> None:
    """Each int field of each listed move, replaced by a float, a bool, text,
    a list, null or a huge number, is refused; so is a field too many or one
    missing. Along whole games, then the games still play to the end with
    ints only."""
    game = load_game("pay-dirt")
    bystander = game.new_game(4, 77)
    assert isinstance(bystander, PayDirtState)
    seen = _legal_json(bystander)
    checked = 0
    for seed in range(1):  # the kit's fuzzer adds thousands of cases a run
        s = new(4, 900 + seed)
        stream = Stream(seed)
        for step, _ in enumerate(random_playout(s, stream, 3000, checked=True)):
            if s.is_over or step % 37:
                continue
            listed = s.legal_actions()
            checked += 1
            for action in listed[:: max(1, len(listed) // 4)]:
                wire = action.to_json()
                for field in dataclasses.fields(action):
                    for bad in HOSTILE:
                        _refused_cleanly(s, {**wire, field.name: bad}, bystander, seen)
                    if field.default is dataclasses.MISSING:  # ``by`` may be left out: a worker
                        _refused_cleanly(s, {k: v for k, v in wire.items() if k != field.name}, bystander, seen)
                _refused_cleanly(s, {**wire, "extra": 1}, bystander, seen)
        assert s.is_over and checked >= 5
        _ints_only(list(vars(s).values()))
        assert all(type(x) is int for a in s.history for x in a.to_json().values() if x != a.kind)


def test_equal_but_mistyped_python_actions_are_refused_not_stored() -> None:
    """``Bid(3.0) == Bid(3)`` in Python, and both hash alike: the engine still
    refuses the float and the bool before any worker is spent, any card
    leaves a hand or any coin turns into a float."""
    s = new(2)
    s.apply(Nominate(CLAIM, 0, 0))
    high = s.high_bid
    for bad in (Bid(float(high + 1)), Bid(True), Bid(high + 1.5)):  # type: ignore[arg-type]
        before = s.snapshot()
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.snapshot() == before
    s.apply(Bid(high + 1))
    assert type(s.high_bid) is int
    t = new(3)
    flow.run(t, hardship.start_hardship)
    card = t.draft_hand[0]
    before = t.snapshot()
    for bad_card in (float(card), str(card)):
        with pytest.raises(IllegalAction):
            t.apply(KeepHardship(bad_card))  # type: ignore[arg-type]
    assert t.snapshot() == before, "no card left the hand"
    for bad_move in (Sell(1.0), Slide(0, 0.0, 0), Slide(False, 0, 0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            t.apply(bad_move)
    assert t.snapshot() == before


def test_an_opening_bid_of_any_affordable_amount_is_legal_but_nothing_else() -> None:
    """The listed openings are a coarse menu; any whole amount from the
    minimum up to the auctioneer's cash is accepted, and the history keeps
    the engine's own copy. Negative, unaffordable or mistyped ones are not."""
    s = new(2)
    item(s, PERSON, "greenhorn-gus")  # minimum $2,000
    listed = {a.over for a in s.legal_actions() if isinstance(a, Nominate) and (a.row, a.slot) == (PERSON, 0)}
    assert 3 not in listed and 0 in listed
    money = s.camps[0].money
    for bad in (Nominate(PERSON, 0, -1), Nominate(PERSON, 0, money - 1), Nominate(PERSON, 0, 10**9)):
        before = s.snapshot()
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.snapshot() == before
    mine = Nominate(PERSON, 0, 3)
    s.apply(mine)
    assert s.high_bid == 2 + 3 and s.history[-1] == mine and s.history[-1] is not mine
    assert s.game.describe_action(s.history[-1], "ja")
