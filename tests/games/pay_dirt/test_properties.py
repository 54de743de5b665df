"""Laws over many random games: conservation, ledgers, termination.

The ledger test re-adds money and gold from the public game log alone and
compares with the state: money and gold may only move through the events
the rules define (income, sales, washing, the final sweep, winning bids,
gear purchases, hardship losses).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.pay_dirt.components import components
from gameshelf.games.pay_dirt.state import PayDirtState
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import new

GAMES_PER_COUNT = 300
MAX_STEPS = 5_000


def ledger(state: PayDirtState) -> tuple[list[int], list[int], list[int]]:
    """(money, gold, workers) of each seat, rebuilt from the events only."""
    rules = components().rules
    money = [rules.start_money] * state.players
    gold = [0] * state.players
    workers = [rules.start_workers] * state.players
    moves: dict[str, list[tuple[str, list[int], int]]] = defaultdict(list)
    moves["pay_dirt.log.income"] = [("money", money, 1)]
    moves["pay_dirt.log.sold"] = [("money", money, 1), ("gold", gold, -1)]
    moves["pay_dirt.log.won"] = [("amount", money, -1)]
    moves["pay_dirt.log.bought-gear"] = [("price", money, -1)]
    moves["pay_dirt.log.lost-money"] = [("money", money, -1)]
    moves["pay_dirt.log.lost-gold"] = [("gold", gold, -1)]
    moves["pay_dirt.log.washed"] = [("gold", gold, 1)]
    moves["pay_dirt.log.sweep"] = [("gained", gold, 1)]
    moves["pay_dirt.log.hired"] = [("workers", workers, 1)]
    for event in state.events:
        for param, column, sign in moves.get(event.key, ()):
            amount = int(event.params[param])
            if column is money:  # the log says dollars; the state keeps thousands
                assert amount % 1000 == 0, event
                amount //= 1000
            seat = event.params.get("player", event.params.get("owner"))  # a sweep names its "owner"
            column[int(seat) - 1] += sign * amount
    return money, gold, workers


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_keep_invariants_and_balance_their_ledgers(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        state = new(players, 1_000 + seed)
        stream = Stream(derive_seed("pay-dirt-props", players, seed))
        tiles_before = len(components().tile_kind)
        for after, action in random_playout(state, stream, MAX_STEPS):
            try:
                after.check_invariants()
            except AssertionError as exc:
                raise AssertionError(f"{players}p seed {seed} step {len(after.history)} {action}: {exc}") from exc
        assert state.is_over, f"{players}p seed {seed}: no end after {MAX_STEPS} steps"
        money, gold, workers = ledger(state)
        assert money == [c.money for c in state.camps], f"{players}p seed {seed}: money moved outside the rules"
        assert gold == [c.gold for c in state.camps], f"{players}p seed {seed}: gold moved outside the rules"
        assert workers == [c.workers for c in state.camps], f"{players}p seed {seed}: workers not conserved"
        assert len(components().tile_kind) == tiles_before
        assert 1 <= state.round <= 20 and state.temperature <= 0


def test_a_washed_tile_pays_exactly_the_gold_printed_on_it() -> None:
    """Over many games, every 'washed' event pays the tile's value plus the
    wash bonus of the owner's personnel, never anything else."""
    comp = components()
    checked = 0
    for seed in range(60):
        state = new(2 + seed % 4, 50_000 + seed)
        stream = Stream(derive_seed("wash", seed))
        for after, _ in random_playout(state, stream, MAX_STEPS):
            event = after.events[-1] if after.events else None
            if event is not None and event.key == "pay_dirt.log.washed":
                p = int(event.params["player"]) - 1
                kind = {"@pay_dirt.kind.barren": 0, "@pay_dirt.kind.promising": 1, "@pay_dirt.kind.rich": 2}[
                    event.params["kind"]
                ]
                top = max(comp.tile_values[kind])
                bonus = sum(
                    comp.personnel[c].amount
                    for c in after.camps[p].personnel
                    if comp.personnel[c].ability == "wash_bonus" and comp.personnel[c].kind == kind
                )
                assert 0 <= int(event.params["gold"]) - bonus <= top
                assert int(event.params["gold"]) - bonus in comp.tile_values[kind]
                checked += 1
    assert checked > 20


def test_every_decision_list_stays_short() -> None:
    """Compound turns are split into small decisions: no list a player (or a
    bot) faces is long, even with the most money a bid can use."""
    longest = 0
    for seed in range(120):
        state = new(2 + seed % 4, 70_000 + seed)
        for after, _ in random_playout(state, Stream(derive_seed("short", seed)), MAX_STEPS):
            longest = max(longest, len(after.legal_actions()))
    assert 5 < longest <= 41, longest
    rich = new(2)
    rich.camps[1].money = 99
    rich.apply(rich.legal_actions()[0])  # a nomination: player 2 may bid up to the $40,000 cap
    assert len(rich.legal_actions()) <= 41
