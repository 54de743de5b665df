"""The core protocol's conformance kit, for every player count and the variant.

The per-state checks (deep games x samples) compare canonical snapshots,
whose cost grows with the game log, so the deep samples are kept few and
the breadth comes from the random games (and from test_properties.py).
"""

from __future__ import annotations

from gameshelf.testing import ConformanceSuite


class FilthyRichSuite(ConformanceSuite):
    game_id = "filthy-rich"
    random_games = 40
    deep_games = 2
    samples_per_game = 4
    # hostile JSON moves: 2,000 per run over the five classes together
    # (the slow run throws its 100,000 at each class)
    fuzz_cases = 300


class TestTwoPlayers(FilthyRichSuite):
    player_counts = (2,)
    random_games = 60
    deep_games = 3
    fuzz_cases = 800


class TestThreePlayers(FilthyRichSuite):
    player_counts = (3,)


class TestFourPlayers(FilthyRichSuite):
    player_counts = (4,)


class TestFivePlayers(FilthyRichSuite):
    player_counts = (5,)


class TestSingleTaxVariant(FilthyRichSuite):
    player_counts = (3,)
    random_games = 30
    deep_games = 1
    options = {"single_tax": True}
