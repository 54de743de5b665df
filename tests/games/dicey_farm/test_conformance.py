"""The core protocol's laws, for a normal game and for a Daily Mode puzzle."""

from gameshelf.testing import ConformanceSuite


class TestDiceyFarmConformance(ConformanceSuite):
    game_id = "dicey-farm"
    player_counts = (1,)
    random_games = 400
    deep_games = 3


class TestDiceyFarmDailyConformance(ConformanceSuite):
    game_id = "dicey-farm"
    player_counts = (1,)
    random_games = 100
    deep_games = 2
    options = {"daily": "2026-11-22"}
