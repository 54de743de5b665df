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


def open_placements(s: FilthyRichState, seat: int, card: int) -> list[tuple[int, tuple[int, ...], Fee]]:
    """Every ``(anchor, pockets, fees)`` where ``card``'s sign fits the empty
    pockets of the open page and ``seat`` can pay the cost and the cover fees
    (C5: you may not start a business you cannot pay for)."""
    cat = s.cat
    b = cat.signs[cat.card_ref[card]]
    budget = s.money[seat] - b.cost
    if budget < 0:
        return []
    taken = occupied(s.book[s.page])
    fee = cat.rules.cover_fee
    out = []
    for (anchor, pockets), mask in zip(b.places, b.masks, strict=True):
        if not mask & taken:
            owners = covered_owners(s, seat, pockets)
            if fee * len(owners) <= budget:
                out.append((anchor, pockets, owners))
    return out


def business_playable(s: FilthyRichState, seat: int, card: int, taken: int | None = None) -> bool:
    """Whether ``card`` can start now; the fees are only counted when the
    cash might not cover the worst case (this runs for every card in hand
    on every decision of a turn, so the caller may pass ``taken``, the open
    page's :func:`occupied` mask, counted once for the whole hand)."""
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
    for (_, pockets), mask in zip(b.places, b.masks, strict=True):
        if not mask & taken and (
            fee * len(pockets) <= budget or fee * len(covered_owners(s, seat, pockets)) <= budget
        ):
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
