"""Signs on the state's book: where they fit, what covering costs, removal.

"現在開いているページの好きな空き場所におきますが、… 同じ形状を保つように"
(a sign goes into empty pockets of the open page, keeping its shape), and
"覆い隠した広告スペース1つにつき$2を… 覆い隠した広告の持ち主に払って下さい。
払う対象は今回直接覆い隠した広告だけです" ($2 per pocket to the owner of the sign
directly covered, and to no one further down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.cards import BUSINESS

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

Fee = list[tuple[int, int]]  # (owner paid, pocket) per covered pocket


def covered_owners(s: FilthyRichState, seat: int, pockets: tuple[int, ...]) -> Fee:
    """For each pocket a new sign would fill on the open page, the other
    player whose sign shows there now (seen through the empty pocket)."""
    out: Fee = []
    page = s.page
    for k in pockets:
        sign, _ = bk.visible(s.book, page - 1, k)
        if sign != bk.EMPTY:
            owner = s.sign_owner[sign]
            if owner != seat:
                out.append((owner, k))
    return out


def occupied(row: list[int]) -> int:
    """The filled pockets of one page as a bit mask."""
    mask = 0
    for k, sign in enumerate(row):
        if sign != bk.EMPTY:
            mask |= 1 << k
    return mask


def open_placements(s: FilthyRichState, seat: int, card: int) -> list[tuple[int, ...]]:
    """The pocket sets (0-based) where ``card``'s sign fits the empty pockets
    of the open page and ``seat`` can pay the cost and the cover fees (C5:
    you may not start a business you cannot pay for), in printed order."""
    cat = s.cat
    b = cat.signs[cat.card_ref[card]]
    budget = s.money[seat] - b.cost
    if budget < 0:
        return []
    taken = occupied(s.book[s.page])
    fee = cat.rules.cover_fee
    foreign = foreign_below(s, seat) if fee * b.size > budget else 0
    return [pockets for (_, pockets), mask in zip(b.places, b.masks, strict=True)
            if not mask & taken and fee * (mask & foreign).bit_count() <= budget]


def can_hang(s: FilthyRichState, seat: int, card: int, pockets: tuple[int, ...]) -> bool:
    """Whether ``card``'s sign may hang in ``pockets`` (0-based) now: one of
    its printed-shape positions, empty on the open page, cost and cover fees
    paid for (the test :func:`open_placements` applies to every position)."""
    cat = s.cat
    b = cat.signs[cat.card_ref[card]]
    budget = s.money[seat] - b.cost
    if budget < 0 or pockets not in b.pocket_sets:
        return False
    mask = 0
    for k in pockets:
        mask |= 1 << k
    if mask & occupied(s.book[s.page]):
        return False
    fee = cat.rules.cover_fee
    return fee * b.size <= budget or fee * (mask & foreign_below(s, seat)).bit_count() <= budget


def foreign_below(s: FilthyRichState, seat: int) -> int:
    """The pockets of the open page where a new sign would cover another
    player's sign (the one showing through from a lower page), as a bit mask:
    a placement's cover fees are ``cover_fee * (mask & foreign).bit_count()``."""
    below = s.page - 1
    if below < 1:
        return 0
    owner, empty = s.sign_owner, bk.EMPTY
    foreign = 0
    bit = 1
    # per pocket, its cards from the page just below down to page 1
    for column in zip(*s.book[below:0:-1], strict=True):
        for sign in column:
            if sign != empty:
                if owner[sign] != seat:
                    foreign |= bit
                break
        bit <<= 1
    return foreign


def business_playable(s: FilthyRichState, seat: int, card: int, taken: int | None = None,
                      foreign: list[int] | None = None) -> bool:
    """Whether ``card`` can start now; the fees are only counted when the
    cash might not cover the worst case (this runs for every card in hand
    on every decision of a turn, so the caller may pass ``taken``, the open
    page's :func:`occupied` mask, counted once for the whole hand, and
    ``foreign``, a one-slot list where :func:`foreign_below` is kept once
    it has been needed)."""
    cat = s.cat
    sign = cat.card_ref[card]
    if s.sign_owner[sign] != -1:
        return False
    b = cat.signs[sign]
    budget = s.money[seat] - b.cost
    if budget < 0:
        return False
    if taken is None:
        taken = occupied(s.book[s.page])
    fee = cat.rules.cover_fee
    if fee * b.size <= budget:  # every pocket covered would still be paid for
        return any(not mask & taken for mask in b.masks)
    if foreign is None:
        foreign = []
    for mask in b.masks:
        if not mask & taken:
            if not foreign:
                foreign.append(foreign_below(s, seat))
            if fee * (mask & foreign[0]).bit_count() <= budget:
                return True
    return False


def take_down(s: FilthyRichState, card: int) -> None:
    """A business leaves play: its sign comes out of the book (revealing
    whatever it covered, C10) and the card goes face up to the discard pile."""
    assert s.cat.card_kind[card] == BUSINESS
    sign = s.cat.card_ref[card]
    bk.remove_sign(s.book, sign)
    s.sign_owner[sign] = -1
    s.discard.append(card)
