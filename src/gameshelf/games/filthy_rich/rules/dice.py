"""Step 3 of the turn: the business dice, taxes, and the page die.

"現在のページ数に等しい数…の10面体ダイスを振ります" (one d10 per page number);
"Hitと税金の支払いが同時に来た場合は、まずHitしたビジネスについて処理してから、
税金の支払いを行います" (hits before taxes); "0が複数出た場合は、それぞれについて
税金を支払う必要があります" (one tax per zero; the ``single_tax`` option counts one
per roll, the community variant of C1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.rules import effects
from gameshelf.games.filthy_rich.rules.bankruptcy import force_pay
from gameshelf.games.filthy_rich.rules.money import from_bank, transfer

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def clockwise_from(s: FilthyRichState, seat: int) -> list[int]:
    n = s.players
    return [(seat + i) % n for i in range(n) if s.alive[(seat + i) % n]]


def roll_business_dice(s: FilthyRichState) -> None:
    """Roll, pay the hits, then queue one tax (sell window + payment) per
    zero, the page die and the end of the turn."""
    sides = s.cat.rules.business_die_sides
    stream = s.rng["dice"]
    dice = [stream.below(sides) for _ in range(s.page)]
    s.dice = dice
    s.rolled = True
    s.log("filthy_rich.log.roll", player=s.turn + 1, dice=" ".join(map(str, dice)))
    resolve_hits(s, dice)
    zeros = dice.count(0)
    if s.options.get("single_tax") and zeros:
        zeros = 1
    s.tasks.extend([("window",), ("tax",)] * zeros)
    s.tasks.extend([("page",), ("end",)])


def resolve_hits(s: FilthyRichState, dice: list[int]) -> None:
    """Each die 1-9 hits the sign seen in that pocket, once per die (C2);
    covered cards are not seen and not hit."""
    cat = s.cat
    for d in dice:
        if d == 0:
            continue
        # the sign seen in pocket d (looked up for the rolled pockets only)
        sign, _ = bk.visible(s.book, s.page, d - 1)
        if sign == bk.EMPTY:
            continue
        owner = s.sign_owner[sign]
        amount = cat.signs[sign].hit + effects.asset_total(s, owner, "hit_bonus")
        from_bank(s, owner, amount)
        s.log("filthy_rich.log.hit", player=owner + 1, pocket=d, amount=amount,
              card=f"@filthy_rich.card.{cat.signs[sign].key}")
        for holder, cut in effects.hit_cut(s, owner):
            cut = min(cut, s.money[owner])
            if cut:
                transfer(s, owner, holder, cut)
                s.log("filthy_rich.log.racket", player=holder + 1, owner=owner + 1, amount=cut)


def open_window(s: FilthyRichState) -> None:
    """"まず、自分のビジネスを広告1枚につき$2で手放すことができます" — every
    player with a business may sell before the tax, turn player first (C8)."""
    s.window = clockwise_from(s, s.turn)
    s.log("filthy_rich.log.tax-roll")
    next_window_seat(s)


def next_window_seat(s: FilthyRichState) -> None:
    window = s.window
    while window and (not s.alive[window[0]] or not s.businesses[window[0]]):
        window.pop(0)
    if window:
        s.phase = "sell"
        s.decider = window[0]
    else:
        s.phase = "turn"
        s.decider = -1


def close_window(s: FilthyRichState) -> None:
    """The deciding seat keeps what it still owns (logged: the last keeper's
    taxes follow at once, and their first line must not stand for the choice)."""
    s.log("filthy_rich.log.keep", player=s.window[0] + 1)
    s.window.pop(0)
    next_window_seat(s)


def pay_taxes(s: FilthyRichState) -> None:
    """Everyone pays $1 per $ mark, after collecting what pays on a tax;
    whoever cannot pay is out."""
    for seat in clockwise_from(s, s.turn):
        income = effects.tax_income(s, seat)
        if income:
            from_bank(s, seat, income)
            s.log("filthy_rich.log.tax-income", player=seat + 1, amount=income)
        due = effects.tax_due(s, seat)
        if force_pay(s, seat, due, None) and due:
            s.log("filthy_rich.log.tax", player=seat + 1, amount=due)
        if s.phase == "over":
            return


def roll_page_die(s: FilthyRichState) -> None:
    """"1,2,3,4が出た場合はその番号のページをめくり…5,6が出た場合は、ページの変更は行いません"."""
    die = s.rng["page"].die(s.cat.rules.page_die_sides)
    s.page_die = die
    if die <= s.cat.rules.pages:
        s.page = die
        s.log("filthy_rich.log.page-die", die=die, page=s.page)
    else:  # said apart: "the book is open on page 2" after a 5 read as if it had turned
        s.log("filthy_rich.log.page-die-stays", die=die, page=s.page)
