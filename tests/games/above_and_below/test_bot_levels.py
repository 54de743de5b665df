"""Above and Below's bot ladder comes from its own data/bots.toml."""

from __future__ import annotations

import gameshelf
from gameshelf.bots import level_bot, level_settings, make_bot
from gameshelf.bots.ismcts import ISMCTSBot


def test_hard_searches_five_times_as_long_as_normal_with_the_same_recipe() -> None:
    game = gameshelf.load_game("above-and-below")
    hard, normal = make_bot("hard", game=game), make_bot("normal", game=game)
    assert isinstance(hard, ISMCTSBot) and isinstance(normal, ISMCTSBot)
    assert (hard.iterations, normal.iterations) == (1000, 200)
    recipe = {"rollout": "random", "rollout_depth": 4, "prior": 3.0, "settle": 0.03}
    for level in ("normal", "hard"):
        assert level_bot(level, game) == "ismcts"
        settings = level_settings(level, game)
        assert {k: settings[k] for k in recipe} == recipe
    assert level_bot("easy", game) == "greedy"  # easy keeps the shared default
