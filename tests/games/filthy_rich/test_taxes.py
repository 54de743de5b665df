"""Zeros on the business dice: the sell window, then everybody pays."""

from __future__ import annotations

from tests.games.filthy_rich.helpers import (
    CAT,
    choose,
    hang,
    legal_texts,
    lux,
    new,
    own_asset,
    own_luxury,
    rig,
    set_hand,
    set_money,
    sign,
    start_rolling,
)


def _discard_twice(s) -> None:  # type: ignore[no-untyped-def]
    while s.actions_left:
        s.apply(next(a for a in s.legal_actions() if a.kind == "discard"))


def test_tax_counts_the_marks_on_businesses_assets_and_luxuries() -> None:
    """「全員が持っているビジネスカードと贅沢品カード、資産カードについて税金を支払います。
    …$マークが全部でいくつあるか数えます。そして、マーク1個につき$1を支払います」"""
    s = new(2)
    hang(s, 1, "tornado_cleaners", 1, [1, 4])  # 2 marks
    agency = own_asset(s, 1, "ad_agency")
    own_luxury(s, 1, "space_shuttle")  # 4 marks
    set_money(s, 1, 20)
    rig(s, [0], page_die=6)
    start_rolling(s)
    assert s.phase == "sell" and s.current_player == 1  # player 0 owns no business
    choose(s, "keep")
    marks = (
        CAT.signs[sign("tornado_cleaners")].tax
        + CAT.assets[CAT.card_ref[agency]].tax
        + CAT.luxuries[lux("space_shuttle")].tax
    )
    assert s.money[1] == 20 - marks
    s.check_invariants()


def test_tornado_cleaners_pays_the_two_marks_its_card_prints() -> None:
    """The rulebook's card diagram points 「税金 --->」 at the $ column of Tornado
    Cleaners, which prints two marks (「$」 on two lines); no passage says otherwise,
    and 「マーク1個につき$1を支払います」 ($1 per mark): its owner pays $2 (C13)."""
    s = new(2)
    hang(s, 1, "tornado_cleaners", 1, [1, 4])
    set_money(s, 1, 5)
    rig(s, [0], page_die=6)
    start_rolling(s)
    choose(s, "keep")
    assert s.money[1] == 5 - 2
    s.check_invariants()


def test_hits_are_paid_before_taxes() -> None:
    """「Hitと税金の支払いが同時に来た場合は、まずHitしたビジネスについて処理してから、
    税金の支払いを行います」 With $0, a hit on the same roll pays the tax."""
    s = new(2)
    s.page = 2
    hang(s, 1, "dentist", 1, [5])
    set_money(s, 1, 0)
    rig(s, [5, 0], page_die=6)
    start_rolling(s)
    choose(s, "keep")
    assert s.alive[1] and s.money[1] == CAT.signs[sign("dentist")].hit - 1


def test_each_zero_is_a_separate_tax() -> None:
    """「0が複数出た場合は、それぞれについて税金を支払う必要があります」 Two zeros, two
    taxes — each with its own sell window (C1, C8)."""
    s = new(2)
    s.page = 2
    hang(s, 1, "tornado_cleaners", 1, [1, 4])
    set_money(s, 1, 10)
    rig(s, [0, 0], page_die=6)
    start_rolling(s)
    marks = CAT.signs[sign("tornado_cleaners")].tax
    choose(s, "keep")
    assert s.money[1] == 10 - marks and s.phase == "sell"  # the second window opens
    choose(s, "keep")
    assert s.money[1] == 10 - 2 * marks and s.phase == "turn" and s.turn == 1


def test_variant_taxes_once_per_roll() -> None:
    """The "only one tax per roll, however many zeros" variant (option single_tax)."""
    s = new(2, single_tax=True)
    s.page = 3
    hang(s, 1, "tornado_cleaners", 1, [1, 4])
    set_money(s, 1, 10)
    rig(s, [0, 0, 0], page_die=6)
    start_rolling(s)
    choose(s, "keep")
    assert s.money[1] == 10 - CAT.signs[sign("tornado_cleaners")].tax
    assert s.turn == 1 and s.phase == "turn"


def test_sell_window_lets_each_owner_sell_before_paying() -> None:
    """「まず、自分のビジネスを広告1枚につき$2で手放すことができます。…対応するビジネスカードを
    捨てて、広告をページから取り除きます」 In the window, the roller first and then
    clockwise, every owner may sell whole signs at $2 a card; then all pay."""
    s = new(3)
    taxi = hang(s, 2, "taxi_company", 1, [7, 8, 9])
    hang(s, 0, "dentist", 1, [1])
    for p in range(3):
        set_money(s, p, 10)
    rig(s, [0], page_die=6)
    start_rolling(s)  # player 0 discards twice: $12
    assert s.current_player == 0 and legal_texts(s) == [f"sell {s.businesses[0][0]}", "keep"]
    choose(s, "keep")
    assert s.current_player == 2  # player 2 has nothing to sell and is skipped
    choose(s, f"sell {taxi}")
    assert s.money[2] == 10 + 2 * 3 and sign("taxi_company") not in s.book[1]
    assert taxi in s.discard and s.phase == "turn" and s.turn == 1
    assert s.money[0] == 12 - 1 and s.money[2] == 16  # taxes: 1 mark and none left
    s.check_invariants()


def test_selling_only_on_your_turn_before_rolling_or_at_tax_time() -> None:
    """「プレイヤーは自分の番に、サイコロを振る前ならいつでもビジネスを手放せます。そのとき以外に
    ビジネスを手放してはいけません」 The turn player may sell before rolling; nobody else
    may, and nobody may after rolling except in a tax window."""
    s = new(2)
    mine = hang(s, 0, "pawn_shop", 1, [1, 2])
    theirs = hang(s, 1, "dentist", 1, [9])
    assert f"sell {mine}" in legal_texts(s) and f"sell {theirs}" not in legal_texts(s)
    set_money(s, 0, 0)
    choose(s, f"sell {mine}")
    assert s.money[0] == 4 and s.actions_left == 2  # selling is not a card action
    _discard_twice(s)
    rig(s, [5], page_die=6)
    choose(s, "roll")
    assert s.turn == 1 and f"sell {theirs}" in legal_texts(s)


def test_tax_shelter_and_tax_income_assets() -> None:
    """Designed asset effects (RULES.md): a Tax Lawyer takes its amount off every
    tax, a Stock Portfolio and Tax Accountants pay at every tax, before the payment
    (so the income can pay the tax)."""
    s = new(2)
    hang(s, 1, "tornado_cleaners", 1, [1, 4])
    hang(s, 1, "tax_accountants", 1, [9])
    lawyer = own_asset(s, 1, "tax_lawyer")
    stocks = own_asset(s, 1, "stock_portfolio")
    set_money(s, 1, 0)
    rig(s, [0], page_die=6)
    start_rolling(s)
    choose(s, "keep")
    accountants = CAT.signs[sign("tax_accountants")]
    lawyer_card, stock_card = CAT.assets[CAT.card_ref[lawyer]], CAT.assets[CAT.card_ref[stocks]]
    marks = CAT.signs[sign("tornado_cleaners")].tax + accountants.tax + lawyer_card.tax + stock_card.tax
    income = accountants.on_tax + stock_card.amount
    assert income > 0 and lawyer_card.amount > 0
    assert s.money[1] == income - max(0, marks - lawyer_card.amount)
    assert s.alive[1]


def test_page_die_turns_to_pages_one_to_four_and_stays_on_five_or_six() -> None:
    """「1,2,3,4が出た場合はその番号のページをめくり…5,6が出た場合は、ページの変更は行いません」"""
    for die, page in [(1, 1), (3, 3), (4, 4), (5, 2), (6, 2)]:
        s = new(2)
        s.page = 2
        rig(s, [5, 5], page_die=die)
        start_rolling(s)
        assert s.page == page and s.page_die == die


def test_draw_back_to_five_and_reshuffle_the_discard_pile() -> None:
    """「カードを2枚引き、手持ちが合計5枚になるようにします。カードがなくなった場合は、
    捨て札の山を切り直して山札にしてください」"""
    s = new(2)
    s.discard.extend(s.deck[1:])
    del s.deck[1:]
    rig(s, [5], page_die=6)
    start_rolling(s)
    assert len(s.hands[0]) == 5
    assert s.discard == [] and len(s.deck) == CAT.deck_size - 10
    assert any(e.key == "filthy_rich.log.reshuffle" for e in s.events)
    s.check_invariants()


def test_setup_gives_ten_dollars_and_five_cards() -> None:
    """「『Filthy Rich』カードをよく切って、各プレイヤーに5枚ずつ配ってください。各プレイヤーに
    $10ずつ配ってください。ゲームブックは1ページ(一番下)が見えるようにして始めます」"""
    for n in range(2, 6):
        s = new(n, seed=n)
        assert s.money == [10] * n and all(len(h) == 5 for h in s.hands)
        assert s.page == 1 and s.turn == 0 and len(s.deck) == CAT.deck_size - 5 * n
        assert all(x == -1 for row in s.book for x in row)


def test_discarding_pays_one_dollar_and_two_card_actions_come_before_rolling() -> None:
    """「カードを1枚捨てて銀行から$1もらいます。これを2回(2枚分)行います」"""
    s = new(2)
    set_hand(s, 0, ["dentist", "casino", "lawsuit", "inheritance", "pawn_shop"])
    assert "roll" not in legal_texts(s)
    _discard_twice(s)
    assert s.money[0] == 12 and len(s.hands[0]) == 3 and "roll" in legal_texts(s)
    assert not any(t.startswith(("play", "discard")) for t in legal_texts(s))
