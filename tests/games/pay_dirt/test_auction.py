"""1) 競りフェイズ — the auction phase."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.pay_dirt.actions import AuctioneerPass, Bid, Install, Nominate, PassBid
from tests.games.pay_dirt.helpers import item, legal_strs, new, nominate

EQUIP, PERSON, CLAIM = 0, 1, 2


def test_auctioneer_opens_at_the_minimum_bid() -> None:
    """「競売人は最初の値付けをせねばならず、最低金額はカード・タイルの右上に書かれている」
    — the auctioneer's nomination is their opening bid at the printed minimum."""
    s = new(3)
    lot = item(s, PERSON, "rosa")  # min bid $3,000
    s.apply(nominate(s, PERSON, 0), player=0)
    assert s.phase == "bidding" and s.high_bid == s.comp.personnel[lot].min_bid == 3
    assert s.high_bidder == 0 and s.current_player == 1
    assert "bid $3,000" not in legal_strs(s), "a bid must raise"
    assert "bid $4,000" in legal_strs(s)


def test_auctioneer_may_open_above_the_minimum_bid() -> None:
    """「競売人は最初の値付けをせねばならず、最低金額はカード・タイルの右上に書かれている」:
    the printed number is the *least* the opening may be, so the auctioneer may
    open higher, up to their cash; a bidder who cannot beat it drops out."""
    s = new(3)
    item(s, PERSON, "rosa")  # min bid $3,000
    openings = {a.over for a in s.legal_actions() if isinstance(a, Nominate) and (a.row, a.slot) == (PERSON, 0)}
    assert openings == {0, 1, 2, 5}, "a short menu of openings is listed"
    s.camps[1].money, s.camps[2].money = 8, 12
    s.apply(Nominate(PERSON, 0, 6), player=0)  # $9,000: any amount is legal, listed or not
    assert s.high_bid == 9 and s.high_bidder == 0
    assert s.current_player == 2, "player 2 holds $8,000 and cannot raise $9,000: out"
    assert "bid $9,000" not in legal_strs(s) and "bid $10,000" in legal_strs(s)
    with pytest.raises(IllegalAction):
        s.apply(Nominate(PERSON, 0, 0))


def test_an_opening_below_the_printed_minimum_is_refused_as_too_low() -> None:
    s = new(2)
    item(s, PERSON, "rosa")  # min bid $3,000
    with pytest.raises(IllegalAction) as err:
        s.apply(Nominate(PERSON, 0, -1))
    assert err.value.code == "bid-too-low" and "2,000" in err.value.message_in("en")


def test_auctioneer_cannot_open_above_their_money_but_may_pass() -> None:
    """「最低金額を支払うことが出来ない場合や、競売人になりたくない場合はパス(競売人のパス)」."""
    s = new(2)
    item(s, EQUIP, "b-2")  # min bid $7,000
    s.camps[0].money = 6
    assert nominate(s, EQUIP, 0) not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(nominate(s, EQUIP, 0))
    assert err.value.code == "cannot-afford"
    assert AuctioneerPass() in s.legal_actions()


def test_bids_go_clockwise_with_hard_passes() -> None:
    """「以後は時計回りでハードパスをするか値段をせり上げる。1人が残るまで競りを続ける」
    — clockwise; a player who passed is never asked again; the last one left wins."""
    s = new(4)
    item(s, PERSON, "rosa")
    s.apply(nominate(s, PERSON, 0))  # player 1 opens at 3
    order = []
    order.append(s.current_player)
    s.apply(PassBid())  # player 2 passes: out for good
    order.append(s.current_player)
    s.apply(Bid(4))  # player 3
    order.append(s.current_player)
    s.apply(Bid(5))  # player 4
    order.append(s.current_player)
    s.apply(Bid(6))  # player 1 again; player 2 is skipped
    order.append(s.current_player)
    assert order == [1, 2, 3, 0, 2]
    s.apply(PassBid())  # player 3
    s.apply(PassBid())  # player 4 -> player 1 wins at 6
    assert s.camps[0].money == 9 - 6
    assert s.comp.personnel[s.camps[0].personnel[0]].id == "rosa"


def test_a_player_who_cannot_raise_drops_out() -> None:
    """A bid can never exceed what the bidder holds (A20); one who cannot raise passes."""
    s = new(3)
    item(s, PERSON, "rosa")
    s.camps[1].money = 3
    s.apply(nominate(s, PERSON, 0))
    assert s.current_player == 2, "player 2 cannot beat $3,000 and is skipped"
    with pytest.raises(IllegalAction) as err:
        s.apply(Bid(10))
    assert err.value.code == "cannot-afford"


def test_no_bid_disc_blocks_the_type_just_auctioned() -> None:
    """「入札不可トークン（赤いディスク）を競り落とされたものと同じ種類の山札に置き、
    次の競りにその種類は選択できない」 and there is no refill until income."""
    s = new(3)
    item(s, PERSON, "rosa")
    s.apply(nominate(s, PERSON, 0))
    s.apply(PassBid())
    s.apply(PassBid())  # player 1 wins its own auction
    assert s.no_bid == PERSON
    assert s.display[PERSON][0] == -1, "「タイル・カードの補充は次ラウンドまで無い」"
    assert s.current_player == 1
    assert not any(isinstance(a, Nominate) and a.row == PERSON for a in s.legal_actions())
    with pytest.raises(IllegalAction) as err:
        s.apply(nominate(s, PERSON, 1))
    assert err.value.code == "no-bid-row"


def test_auctioneer_who_wins_hands_the_role_to_the_next_player_without_a_win() -> None:
    """「競り落としたのが競売人であれば、時計回りで同ラウンドで何も落札していない
    プレイヤーが次の競売人となる」 (A4)."""
    s = new(4)
    s.won = [False, True, False, False]  # player 2 already bought this round
    s.events_done = 1
    item(s, PERSON, "rosa")
    s.apply(nominate(s, PERSON, 0))
    for _ in range(3):
        s.apply(PassBid())
    assert s.phase == "auction" and s.auctioneer == 2, "player 2 has won already: player 3 is next"


def test_auctioneer_stays_when_someone_else_wins() -> None:
    """「競り落としたのが競売人以外であれば、連続して競売人となる」."""
    s = new(3)
    item(s, PERSON, "rosa")
    s.apply(nominate(s, PERSON, 0))
    s.apply(Bid(4))  # player 2
    s.apply(PassBid())  # player 3
    s.apply(PassBid())  # player 1 -> player 2 wins
    assert s.auctioneer == 0 and s.current_player == 0


def test_auctioneer_pass_moves_the_role_and_counts_as_an_event() -> None:
    """「パス(競売人のパス)をして次のプレイヤーに競売人を移す」; 「競りはプレイ人数に
    等しい数だけの「競り」および「競売人のパス」が行われた時点で終了する」."""
    s = new(3)
    s.apply(AuctioneerPass())
    assert s.auctioneer == 1 and s.events_done == 1
    s.apply(AuctioneerPass())
    assert s.phase == "auction"
    s.apply(AuctioneerPass())
    assert s.phase in ("gear", "work"), "three events with three players end the auction phase"


def test_auction_phase_ends_after_as_many_events_as_players() -> None:
    """Example in the rulebook: 「4人プレイで競りが3回、競売人のパスが1回あると競りが終了する」."""
    s = new(4)
    for row, slot in ((PERSON, 2), (CLAIM, 2), (PERSON, 1)):
        s.apply(nominate(s, row, slot))
        while s.phase == "bidding":
            s.apply(PassBid())
        if s.phase == "acquire":
            s.apply(s.legal_actions()[0])
    assert s.events_done == 3 and s.phase == "auction"
    s.apply(AuctioneerPass())
    assert s.phase in ("gear", "work")


def test_equipment_win_waits_for_install_or_scrap() -> None:
    s = new(2)
    item(s, EQUIP, "k-40")
    s.apply(nominate(s, EQUIP, 0))
    s.apply(PassBid())
    assert s.phase == "acquire" and s.current_player == 0
    assert set(legal_strs(s)) == {"install", "scrap"}
    s.apply(Install())
    assert s.phase == "auction"
