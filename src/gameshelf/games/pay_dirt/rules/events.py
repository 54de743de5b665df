"""Log events that recur with the same values, each built once and shared.

Why: a two-player playout logs some two hundred events, most of them one of
a few lines with a handful of small values ("Auction 2 of 2: player 1 is the
auctioneer.", "Player 2 sends 1 worker(s) to the Gear Supplier."), and building
each through ``State.log`` (the keyword dictionary, the frozen object, the
call) cost about a tenth of the playout. An :class:`Event` is immutable, and
states already share theirs (a clone's log holds the very same events), so
one instance per distinct value serves every game, as ``actions.listed``
does for actions. A rule records one so::

    if not s.quiet:  # what State.log checks
        s.events.append(PLACED_GEAR(p + 1, workers))

Each factory builds exactly the event ``s.log(key, **params)`` would: the
same key, the parameters in the same order, the same ``visible_to``
(``tests/games/pay_dirt/test_engine_tables.py`` holds them to it). Only
values drawn from small, fixed ranges (seats, counts, small amounts, card
and table indices) go through a factory, so each cache stays small. Being
shared, an event's parameters must never be changed by a reader (none does:
front ends copy them, ``Event.to_json`` too).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from gameshelf.core.i18n import LANGUAGES, seat_list
from gameshelf.core.protocol import Event
from gameshelf.games.pay_dirt.components import components
from gameshelf.games.pay_dirt.describe import hardship_text
from gameshelf.games.pay_dirt.names import ROW_KEYS, lot_param


def shared(key: str, *names: str) -> Callable[..., Event]:
    """``factory(*values)``: the shared ``Event(key, dict(zip(names, values)))``.

    The values must be hashable (ints and strings): the cache's key."""

    @functools.cache
    def factory(*values: Any) -> Event:
        if len(values) != len(names):
            raise TypeError(f"{key} takes {names}, got {values!r}")
        return Event(key, dict(zip(names, values, strict=True)))

    return factory


ROUND = shared("pay_dirt.log.round", "round", "temperature", "head")
FINAL_ROUND = Event("pay_dirt.log.final-round", {})
AUCTIONEER = shared("pay_dirt.log.auctioneer", "n", "total", "player")
AUCTIONEER_PASS = shared("pay_dirt.log.auctioneer-pass", "player", "n", "total")
CANNOT_RAISE = shared("pay_dirt.log.cannot-raise", "player")
BID = shared("pay_dirt.log.bid", "player", "amount")
PASS = shared("pay_dirt.log.pass", "player")
LABOR = Event("pay_dirt.log.labor", {})
PLACED_GEAR = shared("pay_dirt.log.placed-gear", "player", "workers")
REPAIRED = shared("pay_dirt.log.repaired", "player", "target", "by", "wear", "now", "durability")
INCOME = shared("pay_dirt.log.income", "player", "money")
KEEPS_HIDDEN = shared("pay_dirt.log.keeps-hidden", "player")
KEEPS_LAST = shared("pay_dirt.log.keeps-last", "player")
TEMPERATURE_NONE = shared("pay_dirt.log.temperature-none", "temperature")
TEMPERATURE = shared("pay_dirt.log.temperature", "drop", "temperature", "head", "card")
DUG = shared("pay_dirt.log.dug", "player", "kind", "now", "durability", "broken")
PULLED = shared("pay_dirt.log.pulled", "player", "source", "machine", "now", "durability", "broken")
BOUGHT_GEAR = shared("pay_dirt.log.bought-gear", "player", "gear", "price")


@functools.cache
def kept(player: int, card: str) -> Event:
    """The keeper's own line: which hardship card it kept (seat ``player``,
    counted from 0, alone sees it)."""
    return Event("pay_dirt.log.kept", {"player": player + 1, "card": card}, (player,))


@functools.cache
def nominate(player: int, row: int, item: int, amount: int) -> Event:
    """The auctioneer (seat ``player``, from 1) puts lot ``item`` of ``row`` up."""
    return Event("pay_dirt.log.nominate",
                 {"player": player, "row": ROW_KEYS[row], "lot": lot_param(row, item), "amount": amount})


@functools.cache
def won(player: int, row: int, item: int, amount: int) -> Event:
    """Seat ``player`` (from 1) won lot ``item`` of ``row``."""
    return Event("pay_dirt.log.won", {"player": player, "row": ROW_KEYS[row], "lot": lot_param(row, item),
                                      "amount": amount, "id": components().lot_ids[row][item]})


@functools.cache
def effect_param(card: int) -> dict[str, str]:
    """What a hardship card does, in every language, for the log (here, with
    the events that carry it, so that no rules module imports this one back)."""
    return {lang: hardship_text(card, lang) for lang in LANGUAGES}


@functools.cache
def hardship(player: int, card: str, effect_of: int) -> Event:
    """A kept card revealed: ``effect`` is :func:`effect_param` of card
    index ``effect_of`` (a dictionary, so the index is the cache's key)."""
    return Event("pay_dirt.log.hardship", {"player": player, "card": card, "effect": effect_param(effect_of)})


@functools.cache
def draft(order: tuple[int, ...], cards: int) -> Event:
    """The draft's order (seats from 0) and its hand's size."""
    return Event("pay_dirt.log.draft", {"order": seat_list(order), "first": order[0] + 1, "cards": cards})


@functools.cache
def tie(key: str, gold: int, players: tuple[int, ...]) -> Event:
    """Players (seats from 0) tied on ``gold``, in the order that breaks the tie."""
    return Event(key, {"gold": gold, "players": seat_list(players)})
