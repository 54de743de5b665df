"""Above and Below's bot ladder comes from its own data/bots.toml."""

from __future__ import annotations

import gameshelf
from gameshelf.bots import LEVELS, level_bot, level_settings, make_bot
from gameshelf.bots.greedy import GreedyBot
from gameshelf.bots.ismcts import ISMCTSBot


def test_hard_is_the_shared_search_recipe_at_300_iterations() -> None:
    game = gameshelf.load_game("above-and-below")
    hard = make_bot("hard", game=game)
    assert isinstance(hard, ISMCTSBot) and hard.iterations == 300
    assert level_settings("hard", game) == {**LEVELS["hard"][1], "iterations": 300}


def test_normal_is_greedy_with_fewer_blunders_than_easy() -> None:
    game = gameshelf.load_game("above-and-below")
    normal, easy = make_bot("normal", game=game), make_bot("easy", game=game)
    assert isinstance(normal, GreedyBot) and isinstance(easy, GreedyBot)
    assert level_bot("normal", game) == "greedy"
    assert normal.noise == 0.1 < easy.noise
