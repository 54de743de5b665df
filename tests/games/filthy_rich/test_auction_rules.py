"""The luxury auction as the rulebook prints it (issue 16, section 3a and 3b)."""

from __future__ import annotations

import json

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.core.record import replay
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.filthy_rich.actions import Bid, SellBusiness
from gameshelf.games.filthy_rich.rules.legal import min_bid
from gameshelf.games.filthy_rich.state import FilthyRichState
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
    start_rolling,
)


def _sued(cash: int, businesses: tuple[str, ...]) -> tuple[FilthyRichState, list[int]]:
    """Player 1 (with ``cash`` and one-card ``businesses`` in pockets 1, 3...)
    plays a lawsuit ($2 from each other player). Player 2 has $1 and cannot pay:
    out, and their Personal Trainer ($6) goes to auction during player 1's turn,
    before the roll. Player 3 pays $2 and has nothing left."""
    s = new(3)
    owned = [hang(s, 0, key, 1, [1 + 2 * i]) for i, key in enumerate(businesses)]
    set_money(s, 0, cash)
    set_money(s, 1, 1)
    set_money(s, 2, 2)
    own_luxury(s, 1, "personal_trainer")
    lawsuit = set_hand(s, 0, ["lawsuit"])[0]
    choose(s, f"play {lawsuit}")
    assert not s.alive[1] and s.money == [cash + 3, 0, 0]
    return s, owned


def test_the_turn_player_may_sell_during_an_auction_before_rolling() -> None:
    """「ビジネスダイスで0が出たとき以外にも、プレイヤーは自分の番に、サイコロを振る前なら
    いつでもビジネスを手放せます」 — besides at a zero, a player may sell a business at
    any time on their own turn before rolling. An auction set off by their own lawsuit
    is such a time: with $3 player 1 cannot pay the $6 minimum, but is asked (not
    passed over) and may sell to raise the money."""
    s, (dentist, stand) = _sued(0, ("dentist", "lemonade_stand"))
    assert s.phase == "auction" and s.current_player == 0  # player 3 ($0) was passed over
    assert legal_texts(s) == [f"sell {c}" for c in sorted((dentist, stand))] + ["pass"]
    choose(s, f"sell {dentist}")  # $3 + $2
    choose(s, f"sell {stand}")  # + $2 = $7
    assert s.phase == "auction" and s.current_player == 0
    assert legal_texts(s) == ["bid +0", "bid +1", "pass"]
    choose(s, "bid +0")
    assert lux("personal_trainer") in s.luxuries[0] and s.money[0] == 1
    assert s.phase == "turn" and s.current_player == 0 and not s.rolled
    s.check_invariants()


def test_who_cannot_reach_the_minimum_even_by_selling_is_not_asked() -> None:
    """「最低落札価格はそのカードの値段です」 — with $3 and a $2 business the $6 minimum
    stays out of reach, so the pass is automatic (C14) and, nobody bidding, the
    luxury leaves the game (「誰も…入札しなかった場合…取り除かれます」)."""
    s, _ = _sued(0, ("dentist",))
    assert s.phase == "turn" and lux("personal_trainer") in s.lux_removed
    s.check_invariants()


def test_after_the_roll_the_turn_player_sells_only_at_the_tax_window() -> None:
    """「サイコロを振る前ならいつでも…そのとき以外にビジネスを手放してはいけません」 — after
    rolling, an auction set off by a tax offers the turn player no sale (they had the
    tax's sell window just before)."""
    s = new(3)
    dentist = hang(s, 0, "dentist", 1, [1])
    set_money(s, 0, 10)
    set_money(s, 1, 0)
    set_money(s, 2, 0)
    own_luxury(s, 1, "personal_trainer")
    rig(s, [0], page_die=6)
    start_rolling(s)  # $10 + $2 for the two discards
    choose(s, "keep")  # player 1's sell window; then player 1 pays $1, player 2 goes out
    assert s.phase == "auction" and s.current_player == 0 and s.rolled
    assert legal_texts(s) == ["bid +0", "bid +1", "bid +2", "bid +5", "pass"]
    before = s.snapshot()
    with pytest.raises(IllegalAction) as err:
        s.apply(SellBusiness(dentist))
    assert err.value.code == "sell-not-now" and s.snapshot() == before


def _bidding(cash: int) -> FilthyRichState:
    """An auction of the Personal Trainer ($6 minimum) with player 1 to bid."""
    s, _ = _sued(cash, ())
    assert s.phase == "auction" and s.current_player == 0
    return s


def test_a_bid_may_be_any_amount_from_the_minimum_up_to_ones_cash() -> None:
    """「最低落札価格はそのカードの値段です」「入札は時計回りに続き」 — the rulebook sets a
    minimum and no steps: any amount from the minimum up to one's cash is a bid (C14).
    The menu lists a few steps; $6 + 3 = $9, not on it, is taken all the same."""
    s = _bidding(12)  # $15 after the lawsuit
    assert "bid +3" not in legal_texts(s)
    assert s.observation(None)["auction"]["minimum"] == 6  # what a front end offers from
    s.apply(Bid(3))
    assert s.auction_high == 9 and s.auction_leader == 0 and s.phase == "turn"
    assert lux("personal_trainer") in s.luxuries[0] and s.money[0] == 6
    assert s.record()["actions"][-1] == {"type": "bid", "raise_by": 3}


def test_a_record_with_a_bid_off_the_menu_replays_exactly() -> None:
    """Random games, each with one bid off the menu at its first auction the bidder
    can afford it; the records replay to the same state."""
    played = 0
    for seed in range(60):
        s = new(3, seed)
        stream = Stream(derive_seed("fr-free-bid", seed))
        free = False
        while not s.is_over and len(s.history) < 5_000:
            if not free and s.phase == "auction" and s.money[s.decider] >= min_bid(s) + 3:
                s.apply(Bid(3))
                free = True
            else:
                s.apply(stream.choice(s.legal_actions()))
        if free:
            record = json.loads(json.dumps(s.record()))
            assert {"type": "bid", "raise_by": 3} in record["actions"]
            assert replay(record).snapshot() == s.snapshot()
            played += 1
    assert played >= 3


def test_a_bid_of_all_ones_cash_is_taken_and_one_more_is_refused() -> None:
    s = _bidding(12)
    before = s.snapshot()
    for bad, code in ((Bid(10), "cannot-afford"), (Bid(-1), "bid-below-minimum")):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.code == code and err.value.message_in("ja")
        assert s.snapshot() == before
    s.apply(Bid(9))  # $6 + 9 = $15, all of it
    assert s.money[0] == 0 and lux("personal_trainer") in s.luxuries[0]
    s.check_invariants()


@pytest.mark.parametrize("raise_by", [3.0, True, "3", None, 2**40])
def test_a_bid_of_the_wrong_type_is_refused_and_changes_nothing(raise_by: object) -> None:
    s = _bidding(12)
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        s.apply(Bid(raise_by))  # type: ignore[arg-type]
    assert s.snapshot() == before
    with pytest.raises(IllegalAction):
        s.apply(s.game.action_from_json({"type": "bid", "raise_by": raise_by}))
    assert s.snapshot() == before
