"""The engine's speed-ups hold exactly what they stand for.

Why these tests: the rules read tables worked out once (``Components``'
durabilities, prices, minimum bids and per-effect amounts; the labour
phase's moves as ``listed`` hands them out) and record log events shared
by every game (``rules/events.py``). Each must say what the plain
computation says, or a game would play or read differently from its
rulebook and from its recorded games.
"""

from __future__ import annotations

import itertools

import pytest

from gameshelf.core.protocol import Event
from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.components import (
    HARDSHIP_EFFECTS,
    KINDS,
    PERSONNEL_ABILITIES,
    Components,
    components,
)
from gameshelf.games.pay_dirt.rules import events, hardship, labor
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import new


def test_the_component_tables_match_the_cards() -> None:
    comp = components()
    for m in range(3):
        assert comp.machine_tools[m][EMPTY] == comp.rules.base_durability[m]
        assert comp.machine_tools[m][: len(comp.equipment)] == tuple(e.tools for e in comp.equipment)
    assert comp.gear_durability[EMPTY] == 0
    assert comp.gear_durability[: len(comp.gear)] == tuple(g.durability for g in comp.gear)
    assert comp.gear_prices == tuple(g.price for g in comp.gear)
    for row, records in enumerate((comp.equipment, comp.personnel, comp.claims)):
        assert comp.min_bids[row] == tuple(r.min_bid for r in records)
        assert comp.lot_ids[row] == tuple(r.id for r in records)
    assert set(comp.hardship_amounts) == HARDSHIP_EFFECTS
    assert set(comp.ability_amounts) == PERSONNEL_ABILITIES
    for h, card in enumerate(comp.hardships):
        assert {e: a[h] for e, a in comp.hardship_amounts.items() if a[h]} == ({card.effect: card.amount} if card.amount else {})
    for c, person in enumerate(comp.personnel):
        assert {k: a[c] for k, a in comp.ability_amounts.items() if a[c]} == (
            {person.ability: person.amount} if person.amount else {}
        )


def _durability(comp: Components, camp: Camp, target: int) -> int:
    """``Camp.durability`` as the cards say it, without the tables."""
    if target < 3:
        e = camp.equip[target]
        return comp.rules.base_durability[target] if e == EMPTY else comp.equipment[e].tools
    g = camp.gear[target - 3]
    return 0 if g == EMPTY else comp.gear[g].durability


@pytest.mark.parametrize("players", [2, 3, 5])
def test_camp_tables_and_totals_match_the_plain_sums_along_games(players: int) -> None:
    comp = components()
    checked = 0
    for seed in range(4):
        for after, _ in random_playout(new(players, 70 + seed), Stream(seed), 3_000):
            for camp in after.camps:
                for t in range(5):
                    assert camp.durability(comp, t) == _durability(comp, camp, t)
                    assert camp.broken(comp, t) == (camp.wear[t] >= _durability(comp, camp, t))
                for effect in HARDSHIP_EFFECTS:
                    plain = sum(comp.hardships[h].amount for h in camp.ongoing if comp.hardships[h].effect == effect)
                    assert labor.ongoing_total(after, camp, effect) == plain
                for ability in PERSONNEL_ABILITIES:
                    plain = sum(comp.personnel[c].amount for c in camp.personnel if comp.personnel[c].ability == ability)
                    assert labor.ability_total(after, camp, ability) == plain
                checked += 1
            if after.is_over:
                break
    assert checked > 500


def test_the_move_tables_hold_the_listed_instances() -> None:
    comp = components()
    spaces = max(*comp.rules.base_spaces, *(e.spaces for e in comp.equipment))
    for by, m in itertools.product(range(len(A.BY)), range(3)):
        assert len(labor._SLIDES[by][m]) == spaces - 1
        for i, slide in enumerate(labor._SLIDES[by][m]):
            assert slide is A.listed(A.Slide, m, i, by)
        if m:
            assert labor._PULLS[by][m] is A.listed(A.Pull, m, by)
        assert labor._GEAR_REPAIRS[by][m] is A.listed(A.Repair, m, by)
    for by, c in itertools.product(range(len(A.BY)), range(comp.rules.max_claims + 1)):
        for present in range(1 << len(KINDS)):
            kinds = sorted(k for k in range(len(KINDS)) if present >> k & 1)  # the old set, sorted
            digs = labor._DIGS[by][c][present]
            assert len(digs) == len(kinds)
            assert all(d is A.listed(A.Dig, c, k, by) for d, k in zip(digs, kinds, strict=True))
    assert all(b is A.listed(A.BuyGear, i) for i, b in enumerate(labor._BUY_GEAR))
    assert len(hardship._KEEP) == len(comp.hardships)
    assert all(k is A.listed(A.KeepHardship, c) for c, k in enumerate(hardship._KEEP))


def _logged(key: str, visible_to: tuple[int, ...] | None = None, **params: object) -> Event:
    """The event ``State.log`` builds for these arguments."""
    s = new(2, 0)
    s.events = []
    s.log(key, visible_to, **params)
    (event,) = s.events
    return event


def _same(a: Event, b: Event) -> bool:
    """Equal, with the parameters in the same order (the order they print in)."""
    return a == b and list(a.params) == list(b.params)


def test_shared_events_are_the_events_state_log_builds() -> None:
    from gameshelf.core.i18n import seat_list
    from gameshelf.games.pay_dirt.names import lot_param
    from gameshelf.games.pay_dirt.rules.events import effect_param

    comp = components()
    assert _same(events.ROUND(3, 12, 2), _logged("pay_dirt.log.round", round=3, temperature=12, head=2))
    assert _same(events.FINAL_ROUND, _logged("pay_dirt.log.final-round"))
    assert _same(events.AUCTIONEER(2, 3, 1), _logged("pay_dirt.log.auctioneer", n=2, total=3, player=1))
    assert _same(events.AUCTIONEER_PASS(1, 2, 3), _logged("pay_dirt.log.auctioneer-pass", player=1, n=2, total=3))
    assert _same(events.CANNOT_RAISE(2), _logged("pay_dirt.log.cannot-raise", player=2))
    assert _same(events.BID(2, 7000), _logged("pay_dirt.log.bid", player=2, amount=7000))
    assert _same(events.PASS(1), _logged("pay_dirt.log.pass", player=1))
    assert _same(events.LABOR, _logged("pay_dirt.log.labor"))
    assert _same(events.PLACED_GEAR(1, 0), _logged("pay_dirt.log.placed-gear", player=1, workers=0))
    assert _same(events.REPAIRED(1, "@t", "@b", 2, 1, 4),
                 _logged("pay_dirt.log.repaired", player=1, target="@t", by="@b", wear=2, now=1, durability=4))
    assert _same(events.INCOME(2, 2000), _logged("pay_dirt.log.income", player=2, money=2000))
    assert _same(events.KEEPS_HIDDEN(1), _logged("pay_dirt.log.keeps-hidden", player=1))
    assert _same(events.KEEPS_LAST(2), _logged("pay_dirt.log.keeps-last", player=2))
    assert _same(events.TEMPERATURE_NONE(4), _logged("pay_dirt.log.temperature-none", temperature=4))
    assert _same(events.TEMPERATURE(2, 9, 1, "@c"),
                 _logged("pay_dirt.log.temperature", drop=2, temperature=9, head=1, card="@c"))
    assert _same(events.DUG(1, "@k", 2, 4, ""), _logged("pay_dirt.log.dug", player=1, kind="@k", now=2, durability=4,
                                                         broken=""))
    assert _same(events.PULLED(1, "@a", "@b", 4, 4, "@x"),
                 _logged("pay_dirt.log.pulled", player=1, source="@a", machine="@b", now=4, durability=4, broken="@x"))
    assert _same(events.BOUGHT_GEAR(2, "@g", 3000), _logged("pay_dirt.log.bought-gear", player=2, gear="@g", price=3000))
    assert _same(events.kept(1, "@c"), _logged("pay_dirt.log.kept", (1,), player=2, card="@c"))
    assert _same(events.hardship(2, "@c", 5), _logged("pay_dirt.log.hardship", player=2, card="@c", effect=effect_param(5)))
    assert _same(events.draft((1, 0), 2), _logged("pay_dirt.log.draft", order=seat_list([1, 0]), first=2, cards=2))
    assert _same(events.tie("k", 3, (2, 0)), _logged("k", gold=3, players=seat_list([2, 0])))
    for row in range(3):
        assert _same(events.nominate(1, row, 4, 6000), _logged(
            "pay_dirt.log.nominate", player=1, row=f"@pay_dirt.row.{('equipment', 'personnel', 'claims')[row]}",
            lot=lot_param(row, 4), amount=6000))
        assert _same(events.won(2, row, 4, 6000), _logged(
            "pay_dirt.log.won", player=2, row=f"@pay_dirt.row.{('equipment', 'personnel', 'claims')[row]}",
            lot=lot_param(row, 4), amount=6000, id=(comp.equipment, comp.personnel, comp.claims)[row][4].id))


def test_a_shared_event_is_one_object_and_a_silenced_game_records_none() -> None:
    assert events.PLACED_GEAR(1, 2) is events.PLACED_GEAR(1, 2)
    assert events.PLACED_GEAR(1, 2) is not events.PLACED_GEAR(2, 1)
    with pytest.raises(TypeError):
        events.PLACED_GEAR(1)
    s = new(2, 3)
    s.silence()
    for after, _ in random_playout(s, Stream(1), 3_000):
        assert after.events == []
        if after.is_over:
            break
