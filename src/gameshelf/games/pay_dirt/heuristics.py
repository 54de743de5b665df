"""How promising a position looks for one seat (greedy and ISMCTS bots).

Gold is the score, but it arrives late: a tile needs about nine worker moves
from claim to gold. So the value counts each tile's expected gold, weighted
by how far along the chain it is, plus cash at a discount (it buys machines
and can be bought back from gold only at a loss), crew, and minus wear
(broken machines stall the chain). The result is relative: this seat's value
minus the best opponent's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.board import EMPTY, Camp

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState

#: weights, tuned with balance.py
CLAIM_WEIGHT = 0.25
CHAIN_WEIGHT = 0.45
MONEY_WEIGHT = 0.22
WORKER_WEIGHT = 0.6
WEAR_WEIGHT = 0.15


def camp_value(s: PayDirtState, camp: Camp) -> float:
    comp = s.comp
    mean = comp.kind_mean
    kinds = comp.tile_kind
    value = float(camp.gold)
    for tiles in camp.claim_tiles:
        value += CLAIM_WEIGHT * sum(mean[kinds[t]] for t in tiles)
    total = sum(len(r) for r in camp.rows)
    done = 0
    for row in camp.rows:
        for t in row:
            done += 1
            if t != EMPTY:
                value += (CHAIN_WEIGHT + (1 - CHAIN_WEIGHT) * done / total) * mean[kinds[t]] * 0.8
    value += MONEY_WEIGHT * camp.money
    value += WORKER_WEIGHT * camp.workers
    value -= WEAR_WEIGHT * sum(camp.wear[:3])
    for m in range(3):
        if camp.broken(comp, m):
            value -= 0.5
    if s.is_over:
        return float(camp.gold)
    return value


def evaluate(s: PayDirtState, player: int) -> float:
    values = [camp_value(s, c) for c in s.camps]
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - (max(others) if others else 0.0)
