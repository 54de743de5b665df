"""The Pay Dirt heuristic weighs a lot against the money paid for it."""

from __future__ import annotations

from gameshelf.games.pay_dirt.actions import Bid, Install, Nominate, PassBid
from gameshelf.games.pay_dirt.heuristics import evaluate, money_weight
from gameshelf.games.pay_dirt.state import PayDirtState
from tests.games.pay_dirt.helpers import item, new

EQUIP, CLAIM = 0, 2


def after(s: PayDirtState, *actions: object) -> PayDirtState:
    out = s.clone()
    for a in actions:
        out.apply(a)  # type: ignore[arg-type]
    return out


def test_raising_a_weak_claim_to_9000_evaluates_below_passing() -> None:
    """Sixtymile Creek (B P B, $2,000 minimum) opened by seat 1 mid-game: at
    the old flat $4,000 a gold, the lot counted for seat 2 and denied to
    seat 1 looked worth raising to $9,000; at $3,000 a gold it does not."""
    s = new(2)
    s.temperature = 6  # about four rounds left: money at $3,000 a gold
    item(s, CLAIM, "sixtymile")
    s.apply(Nominate(CLAIM, 0))
    assert s.phase == "bidding" and s.bidder == 1 and s.high_bid == 2
    overpay = evaluate(after(s, Bid(9)), 1)
    passing = evaluate(after(s, PassBid()), 1)
    assert overpay < passing
    # a modest raise still beats the absurd one
    assert evaluate(after(s, Bid(3)), 1) > overpay


def test_money_is_worth_a_third_of_a_gold_per_1000_from_mid_game_and_less_early() -> None:
    s = new(2)
    first_round = money_weight(s)
    s.temperature = 6
    assert abs(money_weight(s) - 1 / 3) < 1e-9
    s.final_round = True
    assert abs(money_weight(s) - 1 / 3) < 1e-9
    assert 0.2 < first_round < 1 / 3


def test_paid_equipment_awaiting_install_still_counts() -> None:
    """Between winning equipment and installing it the lot is valued, so the
    price does not show alone for one step."""
    s = new(2)
    e = s.display[EQUIP][0]
    item(s, EQUIP, s.comp.equipment[e].id)
    s.apply(Nominate(EQUIP, 0))
    s.apply(PassBid())
    assert s.phase == "acquire" and s.pending == "equipment"
    pending = evaluate(s, 0)
    installed = evaluate(after(s, Install()), 0)
    assert abs(pending - installed) < 0.5
