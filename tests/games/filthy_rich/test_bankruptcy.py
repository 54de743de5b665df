"""Going out of the game, and the luxury auction."""

from __future__ import annotations

from gameshelf.games.filthy_rich import book as bk
from tests.games.filthy_rich.helpers import (
    choose,
    hang,
    legal_texts,
    lux,
    new,
    own_luxury,
    rig,
    set_hand,
    set_money,
    sign,
    start_rolling,
)


def _broke_at_tax_time():  # type: ignore[no-untyped-def]
    """Three players; player 2 (seat 1) has $0, two luxuries and a sign on page 2
    that covers seat 2's sign on page 1. Seat 0 rolls a zero."""
    s = new(3)
    s.page = 2
    hang(s, 2, "chapter_11_books", 1, [5])
    dentist = hang(s, 1, "dentist", 2, [5])
    own_luxury(s, 1, "racehorse")
    own_luxury(s, 1, "personal_trainer")
    set_money(s, 0, 20)
    set_money(s, 1, 0)
    set_money(s, 2, 15)
    rig(s, [0, 7], page_die=6)
    start_rolling(s)  # seat 0: $22
    choose(s, "keep")  # seat 1 keeps its dentist
    choose(s, "keep")  # seat 2 keeps its books
    return s, dentist


def test_who_cannot_pay_is_out_and_loses_everything() -> None:
    """「お金を払わなければならない場面で、それを払う能力がなかった場合、ゲームから外されます。
    あなたは全てのカードを捨てて、全ての欄から広告を取り除きます」 The bankrupt seat's
    cards go to the discard pile and its signs leave the book, revealing the sign
    it covered (C10)."""
    s, dentist = _broke_at_tax_time()
    assert not s.alive[1] and s.out_order == [1]
    assert s.hands[1] == [] and s.businesses[1] == [] and s.luxuries[1] == []
    assert dentist in s.discard
    assert bk.visible(s.book, 2, 4) == (sign("chapter_11_books"), 1)
    assert s.money[1] == 0 and s.money[2] == 14  # seat 2 paid its 1 mark
    s.check_invariants()


def test_luxuries_are_auctioned_cheapest_first_from_the_left_of_the_bankrupt() -> None:
    """「その贅沢品カードはもっとも安いものから競売にかけられます。最低落札価格はそのカードの
    値段です。ゲーム終了した人の左隣から順に入札するか、パスするかを決めていきます」"""
    s, _ = _broke_at_tax_time()
    assert s.phase == "auction" and s.auction_lots[0] == lux("personal_trainer")
    assert s.current_player == 2  # left of seat 1
    assert legal_texts(s) == ["bid +0", "bid +1", "bid +2", "bid +5", "pass"]  # $14: not +10


def test_a_pass_is_not_final_and_the_last_bidder_wins() -> None:
    """「もしいったんパスしても、自分の番が来るまで競売が続いているなら、もう一度入札に参加
    できます」「最後の入札から全員がパスした場合、最後の入札者がカードを所有します」"""
    s, _ = _broke_at_tax_time()
    choose(s, "pass")  # seat 2
    choose(s, "bid +0")  # seat 0 bids $6
    assert s.current_player == 2
    choose(s, "bid +0")  # seat 2 comes back in at $7
    choose(s, "pass")  # seat 0
    assert lux("personal_trainer") in s.luxuries[2] and s.money[2] == 14 - 7
    # the racehorse ($10): seat 2 cannot afford it and passes without being asked
    assert s.phase == "auction" and s.current_player == 0
    choose(s, "pass")
    assert lux("racehorse") in s.lux_removed and s.phase == "turn"
    s.check_invariants()


def test_an_unsold_luxury_leaves_the_game() -> None:
    """「誰も贅沢品カードに入札しなかった場合、贅沢品カードはゲームから取り除かれます」"""
    s, _ = _broke_at_tax_time()
    choose(s, "pass")
    choose(s, "pass")
    assert lux("personal_trainer") in s.lux_removed
    assert lux("personal_trainer") not in s.lux_pool
    assert s.current_player == 2  # the racehorse: seat 2 again first
    choose(s, "pass")
    choose(s, "pass")
    assert s.lux_removed == [lux("personal_trainer"), lux("racehorse")]
    assert s.turn == 2 and s.phase == "turn"  # seat 1 is skipped from now on
    s.check_invariants()


def test_buying_a_third_luxury_at_auction_wins() -> None:
    """「誰かが贅沢品カードを計3枚買った瞬間、そのプレイヤーの勝ちとなります」 — buying at
    auction counts (C19)."""
    s = new(3)
    own_luxury(s, 2, "yacht")
    own_luxury(s, 2, "sports_car")
    set_money(s, 2, 50)
    own_luxury(s, 1, "personal_trainer")
    set_money(s, 1, 0)
    rig(s, [0], page_die=6)
    start_rolling(s)
    choose(s, "bid +0")
    choose(s, "pass")
    assert s.is_over and s.winner == 2 and s.scores() == [0.0, 0.0, 1.0]
    assert s.ranking()[0] == [2]


def test_the_last_player_standing_wins() -> None:
    """「1人を除いて全員がゲーム終了した場合、最後の1人が勝利者となります」"""
    s = new(2)
    own_luxury(s, 1, "space_shuttle")
    set_money(s, 1, 3)
    rig(s, [0], page_die=6)
    start_rolling(s)
    assert s.is_over and s.winner == 0 and s.current_player is None
    assert lux("space_shuttle") in s.lux_removed and s.ranking() == [[0], [1]]
    s.check_invariants()


def test_a_lawsuit_that_cannot_be_paid_bankrupts_and_the_plaintiff_gets_the_cash() -> None:
    """Forced payments to a player bankrupt like taxes (C5); the creditor gets what
    cash there was (C16)."""
    s = new(3)
    set_money(s, 1, 1)
    c = set_hand(s, 0, ["lawsuit", "dentist"])[0]
    choose(s, f"play {c}")
    assert not s.alive[1] and s.alive[2]
    assert s.money == [10 + 1 + 2, 0, 8]
    assert c in s.discard and s.phase == "turn"
    s.check_invariants()


def test_the_turn_player_going_out_passes_the_turn_on() -> None:
    """A player who goes out on their own roll's tax: the page die is still rolled and
    the next player still in the game takes the turn."""
    s = new(3)
    own_luxury(s, 0, "personal_trainer")
    set_money(s, 0, 0)
    set_hand(s, 0, [])
    rig(s, [0], page_die=3)
    choose(s, "roll")
    assert s.phase == "auction" and s.current_player == 1
    choose(s, "pass")
    choose(s, "pass")
    assert s.turn == 1 and s.page == 3 and not s.alive[0] and s.phase == "turn"
    s.check_invariants()
