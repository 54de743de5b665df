"""4) 収入フェイズ — income, refills, the Head Miner moves, the end trigger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import dollars
from gameshelf.games.pay_dirt.rules import events, labor

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def income_phase(s: PayDirtState) -> None:
    """"各プレイヤーはストックから$2000を受け取る / 競売上の各タイル・カードが3種類に
    なるまで補充する / 道具タイルが5枚になるように補充する / スタートプレイヤーを左隣の
    プレイヤーに移す"; "気温が0度以下になっていれば、次ラウンドが終了した時点でゲーム終了"."""
    income = s.comp.rules.income
    for p, camp in enumerate(s.camps):
        amount = income
        if camp.personnel or camp.ongoing:  # (most camps: the plain wage)
            amount = max(0, income + labor.ability_total(s, camp, "income_bonus")
                         - labor.ongoing_total(s, camp, "income_penalty"))
        camp.money += amount
        if not s.quiet:  # (shared events: rules/events.py)
            s.events.append(events.INCOME(p + 1, dollars(amount)))
    for display, deck in zip(s.display, s.decks, strict=True):
        for slot, item in enumerate(display):
            if item == EMPTY and deck:  # no reshuffle: the decks are finite
                display[slot] = deck.pop()
    for slot, gear in enumerate(s.gear_display):
        if gear == EMPTY:
            if not s.gear_deck and s.gear_discard:
                s.gear_deck.extend(sorted(s.gear_discard))
                s.gear_discard.clear()
                s.rng["gear"].shuffle(s.gear_deck)
            if s.gear_deck:
                s.gear_display[slot] = s.gear_deck.pop()
    s.head = (s.head + 1) % s.players
    if s.temperature <= 0:
        s.final_round = True
    s.round += 1
    s.phase = "income-done"  # the next round's auction follows (flow.AFTER)
