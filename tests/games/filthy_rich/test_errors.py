"""Refused moves carry a precise code, a sentence in both languages, and change nothing."""

from __future__ import annotations

import pytest

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.games.filthy_rich.actions import (
    Bid,
    BuyLuxury,
    ChoosePage,
    DiscardCard,
    KeepBusinesses,
    PlayCard,
    Roll,
    SellBusiness,
    TargetPlayer,
)
from tests.games.filthy_rich.helpers import (
    hang,
    new,
    own_luxury,
    rig,
    set_hand,
    set_money,
    start_rolling,
)


def _refused(s, action: Action, code: str) -> None:  # type: ignore[no-untyped-def]
    before = s.snapshot()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.code == code
    assert err.value.message_in("en") and err.value.message_in("ja")
    assert "filthy_rich." not in err.value.message_in("ja")
    assert s.snapshot() == before


def test_turn_errors() -> None:
    s = new(2)
    mine = set_hand(s, 0, ["dentist", "lawsuit", "inheritance"])
    other = s.hands[1][0]
    _refused(s, PlayCard(other), "not-in-hand")
    _refused(s, Roll(), "actions-left")
    _refused(s, BuyLuxury(11), "cannot-afford")
    _refused(s, KeepBusinesses(), "wrong-phase-turn")
    _refused(s, TargetPlayer(1), "wrong-phase-turn")
    theirs = hang(s, 1, "pawn_shop", 1, [1, 2])
    _refused(s, SellBusiness(theirs), "not-your-business")
    s.apply(DiscardCard(mine[0]))
    s.apply(DiscardCard(mine[1]))
    _refused(s, DiscardCard(mine[2]), "no-actions-left")


def test_errors_while_a_choice_is_pending() -> None:
    s = new(2)
    audit = set_hand(s, 0, ["irs_audit", "dentist"])[0]
    s.apply(PlayCard(audit))
    _refused(s, Roll(), "wrong-phase-target")
    _refused(s, TargetPlayer(0), "bad-target")
    page = new(2)
    card = set_hand(page, 0, ["zoning_change", "dentist"])[0]
    page.apply(PlayCard(card))
    _refused(page, ChoosePage(1), "bad-page")


def test_errors_at_tax_time_and_in_auctions() -> None:
    s = new(3)
    hang(s, 2, "dentist", 1, [1])
    own_luxury(s, 1, "personal_trainer")
    set_money(s, 1, 0)
    rig(s, [0], page_die=6)
    start_rolling(s)
    assert s.phase == "sell"
    _refused(s, Roll(), "wrong-phase-sell")
    s.apply(KeepBusinesses())
    assert s.phase == "auction"
    _refused(s, Roll(), "wrong-phase-auction")
    set_money(s, s.decider, 6)
    _refused(s, Bid(5), "cannot-afford")
