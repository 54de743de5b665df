"""The core protocol's laws, for every player count of Pay Dirt."""

from __future__ import annotations

from gameshelf.testing import ConformanceSuite


class TestPayDirtTwo(ConformanceSuite):
    game_id = "pay-dirt"
    player_counts = (2,)
    random_games = 120
    deep_games = 2


class TestPayDirtThree(ConformanceSuite):
    game_id = "pay-dirt"
    player_counts = (3,)
    random_games = 100
    deep_games = 2


class TestPayDirtFour(ConformanceSuite):
    game_id = "pay-dirt"
    player_counts = (4,)
    random_games = 80
    deep_games = 2


class TestPayDirtFive(ConformanceSuite):
    game_id = "pay-dirt"
    player_counts = (5,)
    random_games = 60
    deep_games = 2
