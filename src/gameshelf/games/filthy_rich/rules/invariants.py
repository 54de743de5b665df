"""The laws of a Filthy Rich position, checked after every step in tests.

* money is conserved: only the bank creates or destroys it;
* no stock is negative;
* every deck card is in exactly one place, every luxury too;
* the deck holds only cards of the last reshuffle (the discard pile it was made of);
* the book holds exactly the signs of businesses in play, each whole, on
  one page, in its printed shape;
* players out of the game own nothing;
* rounds count at most one a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich import book as bk

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def check(s: FilthyRichState) -> None:
    cat = s.cat
    rules = cat.rules
    assert all(m >= 0 for m in s.money), f"negative money {s.money}"
    assert sum(s.money) == s.players * rules.start_money + s.bank, "money appeared or vanished"

    places = [*s.deck, *s.discard]
    for p in range(s.players):
        places += s.hands[p] + s.businesses[p] + s.assets[p]
    if s.pending != -1:
        places.append(s.pending)
    assert sorted(places) == list(range(cat.deck_size)), "a card is in two places or none"
    assert all(s.card_gen[c] == s.reshuffles for c in s.deck), "a deck card from before the reshuffle"

    lux = [*s.lux_pool, *s.lux_removed, *(x for own in s.luxuries for x in own)]
    if s.phase == "auction" or s.auction_lots:
        lux += s.auction_lots
    for task in s.tasks:
        if task[0] == "auction":
            lux += task[1]
    assert sorted(lux) == list(range(len(cat.luxuries))), "a luxury is in two places or none"

    hung: dict[int, tuple[int, list[int]]] = {}  # sign -> (page, pockets)
    for page, row in enumerate(s.book):
        for pocket, sign in enumerate(row):
            if sign != bk.EMPTY:
                where = hung.setdefault(sign, (page, []))
                assert where[0] == page, f"sign {sign} hangs on two pages"
                where[1].append(pocket)
    owned = {cat.card_ref[c]: p for p, own in enumerate(s.businesses) for c in own}
    assert len(owned) == sum(map(len, s.businesses)), "two businesses share a sign"
    for sign, owner in enumerate(s.sign_owner):
        assert owned.get(sign, -1) == owner, f"sign {sign}'s owner does not own its business"
        if owner == -1:
            assert sign not in hung, f"sign {sign} hangs without its business"
        else:
            pockets = tuple(hung[sign][1]) if sign in hung else ()
            assert pockets in cat.signs[sign].pocket_sets, f"sign {sign} is broken or missing"

    for p in range(s.players):
        if not s.alive[p]:
            assert not (s.hands[p] or s.businesses[p] or s.assets[p] or s.luxuries[p]), (
                f"player {p + 1} is out but still owns cards"
            )
        assert len(s.luxuries[p]) < rules.luxuries_to_win or s.winner == p
    assert 1 <= s.page <= rules.pages
    # a round is a lap of the table: at most one a turn, and all seats' turns
    assert 1 <= s.round <= s.turns, f"round {s.round} after {s.turns} turns"
    assert (s.phase == "over") == (s.winner != -1)
    if s.phase in ("turn", "place", "target", "torch", "page") and not s.tasks:
        assert s.alive[s.turn], "the turn belongs to a player who is out"
    if s.phase in ("sell", "auction"):
        assert s.alive[s.decider], "a player who is out is asked to decide"
