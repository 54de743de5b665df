"""The common supply: pay-dirt piles, the hardship deck, washing a tile.

"それ以外のものについては、不足したらシャッフルするなどして対応する" — every
component other than the three auction decks is reshuffled when it runs out.
A washed tile's gold is revealed and the tile lies face up on its kind's
discard pile until that pile is reshuffled into the draw pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.board import EMPTY

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def draw_tile(s: PayDirtState, kind: int) -> int:
    """A face-down tile of ``kind`` from the supply, or EMPTY if none is left."""
    pile = s.tile_draw[kind]
    if not pile and s.tile_discard[kind]:
        # everyone saw these tiles' gold: they form a new pool (hidden.py)
        s.tile_rebuilds[kind] += 1
        for tile in s.tile_discard[kind]:
            s.tile_pool[tile] = s.tile_rebuilds[kind]
        pile.extend(sorted(s.tile_discard[kind]))
        s.tile_discard[kind].clear()
        s.rng["tiles"].shuffle(pile)
    return pile.pop() if pile else EMPTY


def return_unseen(s: PayDirtState, tile: int) -> None:
    """A tile leaves play without being turned over (a discarded claim's
    dirt, dirt pushed off the board): it goes back under its draw pile."""
    s.tile_draw[s.comp.tile_kind[tile]].insert(0, tile)


def wash(s: PayDirtState, player: int, tile: int, *, sweep_loss: int = 0) -> int:
    """Turn ``tile`` over, pay its gold (less ``sweep_loss``), discard it face up.

    "土砂を裏向きにして金の数を確認してストックから金を受け取る。土砂はストックに返す"
    """
    camp = s.camps[player]
    kind = s.comp.tile_kind[tile]
    gold = s.tile_gold[tile]
    bonus = sum(
        s.comp.personnel[c].amount
        for c in camp.personnel
        if s.comp.personnel[c].ability == "wash_bonus" and s.comp.personnel[c].kind == kind
    )
    earned = max(0, gold + bonus - sweep_loss)
    camp.gold += earned
    s.tile_discard[kind].append(tile)
    return earned


def refill_hardships(s: PayDirtState, needed: int) -> None:
    """"不足したらシャッフルする": when the deck holds fewer cards than the
    draft needs, the discards are shuffled together with what is left (A35),
    so every card of the new deck is as unknown as the next."""
    if len(s.hardship_deck) < needed and s.hardship_discard:
        s.hardship_deck.extend(s.hardship_discard)
        s.hardship_deck.sort()
        s.hardship_discard.clear()
        s.rng["hardships"].shuffle(s.hardship_deck)


def draw_hardship(s: PayDirtState) -> int:
    """The top hardship card, or EMPTY once deck and discards ran out (A25)."""
    return s.hardship_deck.pop() if s.hardship_deck else EMPTY
