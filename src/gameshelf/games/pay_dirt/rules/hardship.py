"""3) 苦境フェイズ — the hardship draft.

"持っている金の数が最も少ないプレイヤーはプレイヤー人数に等しい数の苦境カードを引く。
もし同数の場合は、スタートプレイヤーから時計回りで最も遠いプレイヤーが苦境カードを引く。
苦境カードを引いたらそこから1枚選択して次に金の数が少ないプレイヤーに渡して同様に選択してゆく"
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Event
from gameshelf.games.pay_dirt.actions import KeepHardship, listed
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import MACHINES, components, dollars
from gameshelf.games.pay_dirt.rules import events, supply

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def draft_order(s: PayDirtState) -> list[int]:
    """Least gold first; among equals, the player furthest clockwise from
    the start player counts as poorer (A8)."""
    n, head = s.players, s.head
    ranked = sorted([(camp.gold, -((p - head) % n), p) for p, camp in enumerate(s.camps)])
    return [p for _, _, p in ranked]


def start_hardship(s: PayDirtState) -> None:
    s.phase = "draft"
    s.draft_order = draft_order(s)
    s.draft_pos = 0
    s.kept = [EMPTY] * s.players
    s.passed = [[] for _ in range(s.players)]
    supply.refill_hardships(s, s.players)
    deck = s.hardship_deck  # supply.draw_hardship for each player, while cards last (A25)
    s.draft_hand = sorted([deck.pop() for _ in range(min(s.players, len(deck)))])
    if not s.quiet:  # "first" (the first to draft), not "player": not the mover
        s.events.append(events.draft(tuple(s.draft_order), len(s.draft_hand)))
    log_ties(s, s.draft_order, "pay_dirt.log.tie")
    _settle(s)


def log_ties(s: PayDirtState, order: list[int], key: str, *, top_only: bool = False) -> None:
    """Say why players with equal gold stand in ``order`` as they do: the
    rulebook puts the one furthest clockwise from the Head Miner first."""
    groups: dict[int, list[int]] = {}
    for p in order:
        groups.setdefault(s.camps[p].gold, []).append(p)
    for gold, group in groups.items():
        if len(group) > 1 and not s.quiet:
            s.events.append(events.tie(key, gold, tuple(group)))
        if top_only:
            return


def draft_actions(s: PayDirtState) -> list[Action]:
    keep = _KEEP
    return [keep[c] for c in s.draft_hand]


#: each card's "keep" as ``listed`` hands it out, looked up once
_KEEP = tuple(listed(KeepHardship, c) for c in range(len(components().hardships)))


def keep(s: PayDirtState, card: int) -> None:
    p = s.draft_order[s.draft_pos]
    s.draft_hand.remove(card)
    s.kept[p] = card
    s.passed[p] = list(s.draft_hand)  # seen, and remembered (hidden.py)
    _log_kept(s, p, card)
    s.draft_pos += 1
    _settle(s)


def _log_kept(s: PayDirtState, player: int, card: int, line: Callable[[int], Event] = events.KEEPS_HIDDEN) -> None:
    """The table sees that a card was kept, only its keeper which one (the
    cards are revealed together in :func:`resolve`)."""
    if not s.quiet:
        s.events.append(line(player + 1))
        s.events.append(events.kept(player, _card_key(card)))


def _settle(s: PayDirtState) -> None:
    """A player left with a single card takes it without a choice; once every
    player has a card (or the cards ran out) they resolve."""
    while s.draft_pos < s.players and len(s.draft_hand) == 1:
        p = s.draft_order[s.draft_pos]
        s.kept[p] = s.draft_hand.pop()
        _log_kept(s, p, s.kept[p], events.KEEPS_LAST)
        s.draft_pos += 1
    if s.draft_pos >= s.players or not s.draft_hand:
        resolve(s)


@functools.cache
def _card_key(card: int) -> str:
    """A hardship card's log name (``"@pay_dirt.hardship.<id>"``), built once."""
    return f"@pay_dirt.hardship.{components().hardships[card].id}"


def resolve(s: PayDirtState) -> None:
    """"全員が苦境カードを受け取ったら同時に解決を行う。特定の作業員カードは苦境カードの
    効果をキャンセルし捨て札にできる … スタートプレイヤーが受け取った苦境カードに書かれて
    いる温度分だけゲームボード上の温度を下げる。\""""
    comp = s.comp
    for p in range(s.players):
        card = s.kept[p]
        if card == EMPTY:
            continue
        h = comp.hardships[card]
        name = _card_key(card)
        if not s.quiet:
            s.events.append(events.hardship(p + 1, name, card))
        camp = s.camps[p]
        if camp.personnel and any(  # (most camps hire nobody: no generator then)
            comp.personnel[c].ability == "cancel" and h.tag in comp.personnel[c].tags for c in camp.personnel
        ):
            s.hardship_discard.append(card)
            s.log("pay_dirt.log.cancelled", player=p + 1, card=name)
        elif h.ongoing:
            camp.ongoing.append(card)
        else:
            _instant(s, p, card)
            s.hardship_discard.append(card)
    head_card = s.kept[s.head]
    drop = comp.hardships[head_card].temperature if head_card != EMPTY else 0
    s.temperature -= drop
    if s.quiet:
        pass
    elif head_card != EMPTY:
        s.events.append(events.TEMPERATURE(drop, s.temperature, s.head + 1, _card_key(head_card)))
    else:
        s.events.append(events.TEMPERATURE_NONE(s.temperature))
    s.kept = [EMPTY] * s.players
    s.passed = [[] for _ in range(s.players)]
    s.draft_order = []
    s.draft_pos = 0
    s.phase = "draft-done"  # the income phase follows (flow.AFTER)


def _instant(s: PayDirtState, player: int, card: int) -> None:
    h = s.comp.hardships[card]
    camp = s.camps[player]
    if h.effect == "wear":
        targets = range(3) if h.machine == len(MACHINES) else (h.machine,)
        for m in targets:
            camp.add_wear(s.comp, m, h.amount)
    elif h.effect == "idle_workers":
        camp.idle += h.amount
    elif h.effect == "lose_money":
        lost = min(camp.money, h.amount)
        camp.money -= lost
        if lost:
            s.log("pay_dirt.log.lost-money", player=player + 1, money=dollars(lost))
        else:
            s.log("pay_dirt.log.nothing-to-lose", player=player + 1)
    elif h.effect == "lose_gold":
        lost = min(camp.gold, h.amount)
        camp.gold -= lost
        if lost:
            s.log("pay_dirt.log.lost-gold", player=player + 1, gold=lost)
        else:
            s.log("pay_dirt.log.nothing-to-lose", player=player + 1)
