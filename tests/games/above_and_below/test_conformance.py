"""The conformance kit on Above and Below, with the real encounter book and
with the fixture book (which exercises every effect kind)."""

from __future__ import annotations

from gameshelf.testing import ConformanceSuite
from tests.games.above_and_below.fixtures import FIXTURE_ID, fixture_game


class TestAboveAndBelowConformance(ConformanceSuite):
    game_id = "above-and-below"
    player_counts = (2, 3, 4)
    random_games = 150
    deep_games = 2
    samples_per_game = 10


class TestFixtureBookConformance(ConformanceSuite):
    game_id = FIXTURE_ID
    player_counts = (2, 4)
    random_games = 60
    deep_games = 1
    samples_per_game = 10

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return fixture_game()
