"""The core protocol's conformance kit, for every player count and the variant."""

from __future__ import annotations

from gameshelf.testing import ConformanceSuite


class TestTwoPlayers(ConformanceSuite):
    game_id = "filthy-rich"
    player_counts = (2,)
    random_games = 60


class TestThreeToFivePlayers(ConformanceSuite):
    game_id = "filthy-rich"
    player_counts = (3, 4, 5)
    random_games = 40
    deep_games = 2


class TestSingleTaxVariant(ConformanceSuite):
    game_id = "filthy-rich"
    player_counts = (3,)
    random_games = 30
    deep_games = 2
    options = {"single_tax": True}
