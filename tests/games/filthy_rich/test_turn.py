"""Step 1 of the turn (a luxury), action and asset cards, and the turn order."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.actions import BuyLuxury, Roll
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


def test_a_luxury_may_be_bought_first_and_only_one() -> None:
    """「自分の番の最初に、好きな贅沢品を買うことが出来ます。銀行に対価を支払って、そのカードは
    自分の前に置いておいてください」 One luxury, at the start of the turn (C6)."""
    s = new(2)
    set_money(s, 0, 20)
    buys = [t for t in legal_texts(s) if t.startswith("buy")]
    assert buys == [f"buy {x}" for x, item in enumerate(CAT.luxuries) if item.cost <= 20]
    assert "buy 0" in buys and f"buy {lux('space_shuttle')}" not in buys
    choose(s, f"buy {lux('racehorse')}")
    assert s.money[0] == 20 - CAT.luxuries[lux("racehorse")].cost
    assert s.luxuries[0] == [lux("racehorse")]
    assert not any(t.startswith("buy") for t in legal_texts(s))
    with pytest.raises(IllegalAction) as err:
        s.apply(BuyLuxury(lux("personal_trainer")))
    assert err.value.code == "luxury-closed"


def test_no_luxury_once_a_card_is_played() -> None:
    s = new(2)
    s.apply(next(a for a in s.legal_actions() if a.kind == "discard"))
    with pytest.raises(IllegalAction) as err:
        s.apply(BuyLuxury(lux("personal_trainer")))
    assert err.value.code == "luxury-closed"


def test_selling_first_may_pay_for_the_luxury() -> None:
    """Selling is allowed any time before rolling, so a business may be sold to buy."""
    s = new(2)
    biz = hang(s, 0, "taxi_company", 1, [1, 2, 3])
    set_money(s, 0, 2)
    assert not any(t.startswith("buy") for t in legal_texts(s))
    choose(s, f"sell {biz}")
    choose(s, f"buy {lux('personal_trainer')}")
    assert s.money[0] == 2


def test_the_third_luxury_wins_at_once() -> None:
    """「3枚目のカードを買ったとき、このゲームの勝者となります」"""
    s = new(3)
    own_luxury(s, 0, "yacht")
    own_luxury(s, 0, "racehorse")
    choose(s, f"buy {lux('personal_trainer')}")
    assert s.is_over and s.winner == 0 and s.legal_actions() == []
    assert s.scores() == [1.0, 0.0, 0.0]


def test_rolling_is_refused_until_two_cards_are_used() -> None:
    s = new(2)
    with pytest.raises(IllegalAction) as err:
        s.apply(Roll())
    assert err.value.code == "actions-left" and err.value.params == {"n": 2}
    assert err.value.message_in("ja")


def test_turns_go_clockwise() -> None:
    """「時計回りに進行します」"""
    s = new(3)
    seen = []
    for _ in range(4):
        seen.append(s.turn)
        rig(s, [5], page_die=6)
        start_rolling(s)
    assert seen == [0, 1, 2, 0]


def test_a_round_is_a_lap_of_the_table_from_the_start_player() -> None:
    """「順番を適当な方法で決めます」「時計回りに進行します」: the rulebook names no
    rounds; ``round_number()`` counts laps of the clockwise order from the
    start player (seat 0), public and without changing the state."""
    s = new(3)
    seen = []
    for _ in range(7):
        before = s.snapshot()
        seen.append((s.turn, s.round_number()))
        assert s.snapshot() == before
        assert s.determinize(s.turn, 5).round_number() == s.round_number()
        rig(s, [5], page_die=6)
        start_rolling(s)
    assert seen == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3)]
    s.check_invariants()


def test_a_round_still_ends_at_the_start_players_place_once_they_are_out() -> None:
    """With the start player out, the lap ends when the turn passes seat 0's
    place: seat 1, then seat 2, then round 2 begins with seat 1."""
    s = new(3)
    own_luxury(s, 0, "personal_trainer")
    set_money(s, 0, 0)
    set_hand(s, 0, [])
    rig(s, [0], page_die=3)
    choose(s, "roll")  # seat 0 cannot pay the tax and goes out; its luxury is auctioned
    choose(s, "pass")
    choose(s, "pass")
    assert not s.alive[0] and s.turn == 1 and s.round_number() == 1
    rig(s, [5, 5, 5, 5], page_die=6)  # page 3 rolls three dice
    start_rolling(s)
    assert s.turn == 2 and s.round_number() == 1
    rig(s, [5, 5, 5, 5], page_die=6)  # page 3 rolls three dice
    start_rolling(s)
    assert s.turn == 1 and s.round_number() == 2
    s.check_invariants()


def test_assets_are_paid_for_and_stay() -> None:
    """「資産カードをプレーしたときは、銀行に代金を払って、自分の前に置きます」 — the Yakuza
    Loan (designed: costs $0, pays $10 when played, 3 tax marks)."""
    s = new(2)
    loan, agency = set_hand(s, 0, ["yakuza_loan", "ad_agency"])
    choose(s, f"play {loan}")
    assert s.money[0] == 20
    choose(s, f"play {agency}")
    assert s.money[0] == 20 - CAT.assets[CAT.card_ref[agency]].cost
    assert s.assets[0] == [loan, agency]
    s.check_invariants()


def test_action_cards_are_discarded_after_use() -> None:
    """「行動カードをプレーしたときは、カードに書かれた説明に従います。使い終わったら表を上に
    して捨て札とします」 — Inheritance (gain) and Business Scout (draw)."""
    s = new(2)
    money, scout = set_hand(s, 0, ["inheritance", "business_scout"])
    choose(s, f"play {money}")
    assert s.money[0] == 10 + CAT.actions[CAT.card_ref[money]].amount and s.discard == [money]
    choose(s, f"play {scout}")
    assert len(s.hands[0]) == 2 and s.discard == [money, scout]
    s.check_invariants()


def test_irs_audit_makes_a_chosen_player_pay_one_tax() -> None:
    s = new(3)
    hang(s, 2, "casino", 1, [1, 2, 4, 5])
    audit = set_hand(s, 0, ["irs_audit"])[0]
    choose(s, f"play {audit}")
    assert s.phase == "target" and legal_texts(s) == ["target 1", "target 2"]
    choose(s, "target 2")
    assert s.money[2] == 10 - CAT.signs[sign("casino")].tax and s.phase == "turn"


def test_mysterious_fire_burns_a_business_and_reveals_what_it_covered() -> None:
    s = new(2)
    s.page = 2
    hang(s, 0, "dentist", 1, [5])
    target = hang(s, 1, "chapter_11_books", 2, [5])
    fire = set_hand(s, 0, ["mysterious_fire"])[0]
    choose(s, f"play {fire}")
    assert legal_texts(s) == [f"torch {target}"]
    choose(s, f"torch {target}")
    assert s.businesses[1] == [] and target in s.discard and fire in s.discard
    assert bk.visible(s.book, 2, 4) == (sign("dentist"), 1)
    assert s.money[0] == 10 - 3 and s.money[1] == 10
    s.check_invariants()


def test_mysterious_fire_needs_a_target() -> None:
    s = new(2)
    hang(s, 0, "dentist", 1, [5])
    fire = set_hand(s, 0, ["mysterious_fire"])[0]
    assert f"play {fire}" not in legal_texts(s)


def test_zoning_change_turns_the_book_before_the_dice() -> None:
    s = new(2)
    card = set_hand(s, 0, ["zoning_change", "dentist"])[0]
    choose(s, f"play {card}")
    assert legal_texts(s) == ["page 2", "page 3", "page 4"]
    choose(s, "page 4")
    s.apply(next(a for a in s.legal_actions() if a.kind == "discard"))
    rig(s, [1, 2, 3, 4], page_die=6)
    choose(s, "roll")
    assert len(s.dice) == 4 and s.page == 4


def test_protection_racket_and_ad_agency_change_what_a_hit_pays() -> None:
    s = new(3)
    hang(s, 1, "dentist", 1, [5])
    own_asset(s, 1, "ad_agency")
    own_asset(s, 2, "protection_racket")
    for p in range(3):
        set_money(s, p, 0)
    rig(s, [5], page_die=6)
    start_rolling(s)
    hit = CAT.signs[sign("dentist")].hit
    assert s.money[1] == hit + 1 - 1 and s.money[2] == 1
