"""最終一掃フェイズ — the final sweep, then the end of the game.

"プレイヤーボード上で最も右よりに置いてある土砂タイル1枚を各自裏返す。（土砂タイルの場所
から右端迄のスペース数）－（土砂タイルに書かれていた金の数）の金を受け取る" — read as
gold − spaces still to travel (A1), for exactly one tile (A2), and nothing
if a broken machine stands in the way (A3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.components import Components
from gameshelf.games.pay_dirt.rules import hardship, supply

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def furthest_tile(camp: Camp) -> tuple[int, int] | None:
    """(machine, space) of the tile furthest along the chain, if any."""
    for m in (2, 1, 0):
        row = camp.rows[m]
        for i in range(len(row) - 1, -1, -1):
            if row[i] != EMPTY:
                return m, i
    return None


def distance_to_gold(camp: Camp, m: int, space: int) -> int:
    """Moves left until the tile reaches the Wash Plant's last space: slides
    to the end of its machine, then one pull and the slides of each later one."""
    return len(camp.rows[m]) - 1 - space + sum(len(camp.rows[k]) for k in range(m + 1, 3))


def blocked(comp: Components, camp: Camp, m: int, space: int) -> bool:
    """A3: a broken machine between the tile and the end stops it; a tile on
    the last space of a broken machine may still be pulled on."""
    if camp.broken(comp, m) and space != len(camp.rows[m]) - 1:
        return True
    return any(camp.broken(comp, k) for k in range(m + 1, 3))


def final_sweep(s: PayDirtState) -> None:
    for p, camp in enumerate(s.camps):
        spot = furthest_tile(camp)
        if spot is None:
            continue
        m, space = spot
        tile = camp.rows[m][space]
        camp.rows[m][space] = EMPTY
        if blocked(s.comp, camp, m, space):
            s.tile_discard[s.comp.tile_kind[tile]].append(tile)
            s.log("pay_dirt.log.sweep-blocked", owner=p + 1, gold=s.tile_gold[tile])
            s.swept[p] = 0
            continue
        distance = distance_to_gold(camp, m, space)
        gained = supply.wash(s, p, tile, sweep_loss=distance)
        s.swept[p] = gained
        s.log("pay_dirt.log.sweep", owner=p + 1, gold=s.tile_gold[tile], distance=distance, gained=gained)
    s.phase = "over"
    ranking = s.ranking()
    s.log("pay_dirt.log.game-over", winner=ranking[0][0] + 1, gold=s.camps[ranking[0][0]].gold)
    hardship.log_ties(s, [p for group in ranking for p in group], "pay_dirt.log.win-tie", top_only=True)
