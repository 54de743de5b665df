"""Refusals carry precise codes; gear effects follow the machine rules."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.pay_dirt.actions import (
    CAMP_GEAR,
    CLAIM_GEAR,
    Bid,
    BuyGear,
    Dig,
    KeepHardship,
    PlaceGear,
    Pull,
    Sell,
    Slide,
)
from tests.games.pay_dirt.helpers import (
    EXC,
    LOAD,
    WASH,
    B,
    give_gear,
    legal_strs,
    new,
    put,
    to_gear,
    to_placing,
    to_work,
)


def refuse(s, action) -> str:  # type: ignore[no-untyped-def]
    before = s.snapshot()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert s.snapshot() == before, "a refused move leaves the state byte-identical"
    assert err.value.message_in("en") and err.value.message_in("ja")
    assert not err.value.message_in("ja").startswith("pay_dirt.")
    return err.value.code


def test_error_codes() -> None:
    s = new(2)
    assert refuse(s, Bid(5)) == "wrong-phase"
    assert refuse(s, KeepHardship(0)) == "wrong-phase"
    to_work(s, 0, workers=0)
    put(s, 0, EXC, 0)
    assert refuse(s, Slide(EXC, 0)) == "no-workers"
    assert refuse(s, Sell(1)) == "not-enough-gold"
    to_work(s, 0, workers=2)
    assert refuse(s, Pull(WASH)) == "space-occupied"


def test_gear_purchase_needs_a_worker_and_the_price() -> None:
    s = new(2)
    to_gear(s, workers=1)
    s.camps[0].money = 1
    assert refuse(s, BuyGear(0)) == "cannot-afford"
    s.camps[0].money = 9
    s.gear_workers[0] = 0
    assert refuse(s, BuyGear(0)) == "no-workers"


def test_a_sale_placed_before_the_gear_workers_pays_for_gear() -> None:
    """Sales resolve before the Gear Supplier (A21): gold sold while placing
    is money for the purchases; the workers sent there are committed."""
    s = new(2)
    s.camps[0].gold = 3
    s.camps[0].money = 0
    to_placing(s)
    assert s.current_player == 0 and "sell 2 worker" in legal_strs(s)
    s.apply(Sell(2))
    assert s.current_player == 0 and s.camps[0].money == 6
    s.apply(PlaceGear(2))
    assert s.camps[0].unused == 2 and s.gear_workers[0] == 2
    assert s.current_player == 1 and s.gear_step == "place"


def test_move_gear_works_only_in_its_machines() -> None:
    s = new(2)
    give_gear(s, 0, "sluice-rake")  # claim gear: moves in the wash plant only
    put(s, 0, LOAD, 0)
    put(s, 0, WASH, 0)
    to_work(s, 0, workers=0)
    gear_moves = {a for a in legal_strs(s) if a.endswith("claim_gear")}
    assert gear_moves == {"slide wash_plant 1 claim_gear"}


def test_dig_gear_needs_a_working_excavator() -> None:
    """A23: the gear replaces the worker, not the machine."""
    s = new(2)
    give_gear(s, 0, "ripper")
    to_work(s, 0, workers=0)
    assert "dig 1 B claim_gear" in legal_strs(s)
    s.camps[0].repaired[EXC] = True
    assert not any(a.endswith("claim_gear") for a in legal_strs(s))
    assert refuse(s, Dig(0, B, CLAIM_GEAR)) in ("machine-broken", "space-occupied")


def test_sell_gear_sells_without_a_worker() -> None:
    s = new(2)
    give_gear(s, 0, "float-plane")  # sell up to 2
    s.camps[0].gold = 4
    to_work(s, 0, workers=0)
    s.apply(Sell(2, CAMP_GEAR))
    assert (s.camps[0].gold, s.camps[0].money, s.camps[0].wear[4]) == (2, 15, 1)


def test_hostile_field_values_from_the_wire_are_refused_not_crashed() -> None:
    """Wrong types stop at the codec; well-typed nonsense (a row of -1, a
    machine of 9) reaches the rules and is refused there, never crashing."""
    from gameshelf.core.registry import load_game

    game = load_game("pay-dirt")
    s = new(2)
    for wire in (
        {"type": "nominate", "row": "x", "slot": 0, "over": 0},
        {"type": "nominate", "row": -1, "slot": 0, "over": 0},
        {"type": "bid", "amount": "lots"},
        {"type": "slide", "machine": 9, "space": 0, "by": 0},
        {"type": "dig", "claim": 7, "tile_kind": 0, "by": 5},
    ):
        try:
            action = game.action_from_json(wire)
        except IllegalAction as refusal:
            assert refusal.code == "malformed-action"
            continue
        code = refuse(s, action)
        assert code in ("not-legal", "no-such-lot", "wrong-phase", "cannot-afford", "bid-too-low")
