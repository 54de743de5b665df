"""Starting a business: cost, where its sign may go, and the cover fee."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.filthy_rich.actions import PlaceSign, PlayCard
from tests.games.filthy_rich.helpers import (
    choose,
    hang,
    legal_texts,
    new,
    set_hand,
    set_money,
    sign,
)


def test_cover_fee_is_paid_only_to_the_directly_covered_owner() -> None:
    """「払う対象は今回直接覆い隠した広告だけです。広告の下に他の広告があっても、その広告主に
    お金を払う必要はありません」 The rulebook's Andrea/Murphy example: page 3 open,
    Tornado Cleaners into 3+6; Murphy has a card in page 2 pocket 6 and another in
    page 1 pocket 6 — Andrea pays $12 to the bank and $2 to Murphy once. Pocket 3
    shows a third player's page-1 sign through the empty pages, so $2 to them too."""
    s = new(3)
    andrea, murphy, other = 0, 1, 2
    s.page = 3
    hang(s, murphy, "dentist", 1, [6])
    hang(s, other, "lemonade_stand", 1, [3])
    hang(s, murphy, "chapter_11_books", 2, [6])
    set_money(s, andrea, 20)
    tornado = set_hand(s, andrea, ["tornado_cleaners"])[0]
    choose(s, f"play {tornado}")
    choose(s, "place 3+6")
    assert s.money[andrea] == 20 - 12 - 2 - 2
    assert s.money[murphy] == 10 + 2
    assert s.money[other] == 10 + 2
    assert s.book[3][2] == s.book[3][5] == sign("tornado_cleaners")
    assert s.businesses[andrea] == [tornado]
    s.check_invariants()


def test_covering_your_own_sign_is_free() -> None:
    """「覆い隠した広告が自分のものなら、料金を払う必要はありません」"""
    s = new(2)
    s.page = 2
    hang(s, 0, "dentist", 1, [1])
    set_money(s, 0, 12)
    c = set_hand(s, 0, ["tornado_cleaners"])[0]
    choose(s, f"play {c}")
    choose(s, "place 1+4")
    assert s.money == [0, 10]
    s.check_invariants()


def test_a_sign_goes_only_into_empty_pockets_of_the_open_page() -> None:
    """「現在開いているページの好きな空き場所におきます」 (C12: 秋場所 = 空き場所), keeping
    its shape: with pockets 2, 4, 5 of page 2 taken, a two-card vertical sign fits
    only at 3+6 and 6+9."""
    s = new(2)
    s.page = 2
    hang(s, 1, "pizza_palace", 2, [2, 4, 5])
    set_money(s, 0, 30)
    c = set_hand(s, 0, ["tornado_cleaners"])[0]
    choose(s, f"play {c}")
    assert legal_texts(s) == ["place 3+6", "place 6+9"]
    with pytest.raises(IllegalAction) as err:
        s.apply(PlaceSign((2, 5)))
    assert err.value.code == "no-room-there"


def test_a_business_whose_sign_does_not_fit_cannot_be_played() -> None:
    """「もし広告を出すのに十分なスペースが現在開いているページにない場合…そのビジネスカードは
    プレーできません。この場合別のビジネスカードを選択するか、別の行動を行わなければいけません」
    With the middle row taken, no 2x2 sign fits on the page; a one-card sign does."""
    s = new(2)
    hang(s, 1, "taxi_company", 1, [4, 5, 6])
    set_money(s, 0, 50)
    casino, books = set_hand(s, 0, ["casino", "chapter_11_books"])
    texts = legal_texts(s)
    assert f"play {casino}" not in texts and f"discard {casino}" in texts
    assert f"play {books}" in texts
    with pytest.raises(IllegalAction) as err:
        s.apply(PlayCard(casino))
    assert err.value.code == "no-room"


def test_a_business_whose_sign_is_out_cannot_be_played() -> None:
    """「あるいはもし同じサインを他の人が出していた場合は、そのビジネスカードはプレーできません」
    Two copies of a business share one sign: while one hangs, the other cannot start."""
    s = new(2)
    hang(s, 1, "lemonade_stand", 1, [9])
    second = set_hand(s, 0, ["lemonade_stand"])[0]
    assert f"play {second}" not in legal_texts(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(PlayCard(second))
    assert err.value.code == "sign-out"


def test_you_cannot_start_what_you_cannot_pay_for() -> None:
    """C5: the cost plus every cover fee must be paid in full. With $14, Tornado
    Cleaners ($12) may cover one pocket of another's casino ($2) but not two."""
    s = new(2)
    s.page = 2
    hang(s, 1, "casino", 1, [1, 2, 4, 5])
    set_money(s, 0, 14)
    c = set_hand(s, 0, ["tornado_cleaners"])[0]
    choose(s, f"play {c}")
    assert legal_texts(s) == ["place 3+6", "place 4+7", "place 5+8", "place 6+9"]

    poor = new(2)
    set_money(poor, 0, 11)
    c = set_hand(poor, 0, ["tornado_cleaners"])[0]
    assert f"play {c}" not in legal_texts(poor)
    with pytest.raises(IllegalAction) as err:
        poor.apply(PlayCard(c))
    assert err.value.code == "cannot-afford"
    assert err.value.params == {"need": 12, "have": 11}


def test_playing_a_business_uses_one_of_the_two_card_actions() -> None:
    """「あなたは次にカードを2枚プレイしなければなりません」 A business played (and its
    sign hung) is one of the turn's two card actions."""
    s = new(2)
    set_money(s, 0, 10)
    c = set_hand(s, 0, ["chapter_11_books", "inheritance"])[0]
    choose(s, f"play {c}")
    assert s.actions_left == 1 and s.phase == "place"
    choose(s, "place 5")
    assert s.phase == "turn" and "roll" not in legal_texts(s)
    s.check_invariants()
