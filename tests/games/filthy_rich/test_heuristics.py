"""The heuristic sees progress before luxuries arrive, and steers a greedy bot well."""

from __future__ import annotations

from gameshelf.core.rng import Stream
from gameshelf.games.filthy_rich.heuristics import evaluate
from gameshelf.tools.filthy_rich.balance import heuristic_policy
from tests.games.filthy_rich.helpers import (
    choose,
    hang,
    new,
    own_luxury,
    rig,
    set_money,
    start_rolling,
)


def test_a_won_game_dominates() -> None:
    s = new(2)
    own_luxury(s, 0, "yacht")
    own_luxury(s, 0, "racehorse")
    choose(s, "buy 0")
    assert evaluate(s, 0) == 1000.0 and evaluate(s, 1) == -1000.0


def test_a_visible_business_and_a_luxury_are_progress() -> None:
    s = new(2)
    before = evaluate(s, 0)
    hang(s, 0, "tornado_cleaners", 1, [1, 4])
    with_business = evaluate(s, 0)
    assert with_business > before
    own_luxury(s, 0, "personal_trainer")
    assert evaluate(s, 0) > with_business
    covered = new(2)
    hang(covered, 0, "tornado_cleaners", 1, [1, 4])
    hang(covered, 1, "car_wash", 2, [1, 4])
    assert evaluate(covered, 0) < with_business  # covered on pages 2-4: fewer hits


def test_the_greedy_policy_sells_rather_than_go_bankrupt() -> None:
    s = new(2)
    biz = hang(s, 1, "tornado_cleaners", 1, [1, 4])
    set_money(s, 1, 0)
    rig(s, [0], page_die=6)
    start_rolling(s)
    assert s.phase == "sell" and s.current_player == 1
    assert str(heuristic_policy(s, Stream(1))) == f"sell {biz}"


def test_the_greedy_policy_bids_for_a_luxury_it_can_afford() -> None:
    s = new(3)
    own_luxury(s, 1, "personal_trainer")
    set_money(s, 1, 0)
    rig(s, [0], page_die=6)
    start_rolling(s)
    assert s.phase == "auction" and s.current_player == 2
    assert heuristic_policy(s, Stream(1)).kind == "bid"


def test_balance_report_counts_games_and_cards() -> None:
    from gameshelf.tools.filthy_rich.balance import report, run

    tally = run(8, [2, 3], ["random"], seed=3)["random"]
    assert tally.games == 8 and sum(n for _, n in tally.by_count.values()) == 8
    assert sum(tally.acquired.values()) > 0
    assert all(tally.acquirer_won[k] <= n for k, n in tally.acquired.items())
    text = report("random", tally, [2, 3])
    assert "first seat wins" in text and "2 players" in text and "game length" in text
