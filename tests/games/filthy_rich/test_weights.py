"""The heuristic reads every weight of data/heuristic.toml."""

from __future__ import annotations

from gameshelf.core.weights import unread_weights
from gameshelf.games.filthy_rich.heuristics import WEIGHTS, evaluate
from tests.games.filthy_rich.helpers import hang, new, own_luxury, set_money


def test_every_weight_is_read() -> None:
    rich = new(2)  # two luxuries, cash past the comfort line, a business
    own_luxury(rich, 0, "yacht")
    own_luxury(rich, 0, "racehorse")
    set_money(rich, 0, 60)
    hang(rich, 0, "tornado_cleaners", 1, [1, 4])
    poor = new(3, seed=1)  # one luxury, short of cash: the cushion counts
    own_luxury(poor, 1, "personal_trainer")
    set_money(poor, 1, 1)
    hang(poor, 1, "car_wash", 1, [1, 4])
    positions = [rich, poor]
    assert unread_weights(WEIGHTS, lambda: [evaluate(s, seat) for s in positions for seat in range(s.players)]) == []
