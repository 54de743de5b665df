"""State.acquisitions(): what each seat won at auction or bought (the
simulator's per-card table)."""

from __future__ import annotations

from gameshelf.core.record import replay
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.pay_dirt.actions import BuyGear, PassBid, Scrap
from gameshelf.games.pay_dirt.components import components
from gameshelf.games.pay_dirt.state import PayDirtState
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import item, new, nominate, to_gear

EQUIP, PERSON, CLAIM = 0, 1, 2


def win(s: PayDirtState, row: int, slot: int = 0) -> None:
    s.apply(nominate(s, row, slot))
    while s.phase == "bidding":
        s.apply(PassBid())


def test_nothing_is_acquired_at_setup_not_even_the_greenhorn_claim() -> None:
    s = new(3)
    assert s.acquisitions() == {0: [], 1: [], 2: []}


def test_lots_won_at_auction_are_recorded_in_order_even_when_let_go() -> None:
    s = new(2)
    item(s, CLAIM, "eldorado")
    win(s, CLAIM)  # seat 1 auctions and wins; seat 2 auctions next
    assert s.acquisitions() == {0: ["eldorado"], 1: []}
    item(s, PERSON, "hale-twins")
    win(s, PERSON)
    assert s.acquisitions() == {0: ["eldorado"], 1: ["hale-twins"]}
    # scrapped equipment still counts: it was acquired
    s2 = new(2)
    e = item(s2, EQUIP, s2.comp.equipment[s2.display[EQUIP][0]].id)
    win(s2, EQUIP)
    s2.apply(Scrap())
    assert s2.acquisitions()[0] == [s2.comp.equipment[e].id]


def test_gear_bought_at_the_supplier_is_recorded() -> None:
    s = new(2)
    to_gear(s)
    gear = s.gear_display[0]
    s.camps[0].money = 20
    s.apply(BuyGear(0))
    assert s.acquisitions()[0] == [s.comp.gear[gear].id]


def test_acquisitions_are_copied_not_shared() -> None:
    s = new(2)
    copy = s.clone()
    item(s, CLAIM, "eldorado")
    win(s, CLAIM)
    assert copy.acquisitions() == {0: [], 1: []}
    assert s.acquisitions()[0] == ["eldorado"]


def test_random_games_record_only_known_ids_and_survive_replay() -> None:
    comp = components()
    known = {x.id for pool in (comp.equipment, comp.personnel, comp.claims, comp.gear) for x in pool}
    hardships = {h.id for h in comp.hardships}
    seen = 0
    for seed in range(40):
        players = 2 + seed % 4
        state = new(players, 5_000 + seed)
        for _ in random_playout(state, Stream(derive_seed("pay-dirt-acq", seed)), 5_000):
            pass
        assert state.is_over
        got = state.acquisitions()
        assert set(got) == set(range(players))
        for items in got.values():
            assert set(items) <= known, set(items) - known
            assert not set(items) & hardships
            seen += len(items)
        won = sum(1 for e in state.events if e.key == "pay_dirt.log.won")
        bought = sum(1 for e in state.events if e.key == "pay_dirt.log.bought-gear")
        assert sum(len(v) for v in got.values()) == won + bought
        assert replay(state.record()).acquisitions() == got
    assert seen > 0
