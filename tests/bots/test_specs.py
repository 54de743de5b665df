"""Bot names, levels and the ``name[key=value]`` spec form."""

from __future__ import annotations

import pytest

from gameshelf.bots import (
    LEVELS,
    bot_names,
    make_bot,
    make_bot_from_spec,
    parse_bot_spec,
    split_bot_specs,
)
from gameshelf.bots.greedy import GreedyBot
from gameshelf.bots.ismcts import ISMCTSBot


def test_every_builtin_bot_and_level_is_listed() -> None:
    assert {"random", "greedy", "ismcts", "easy", "normal", "hard"} <= set(bot_names())


def test_levels_map_to_their_settings() -> None:
    easy = make_bot("easy")
    assert isinstance(easy, GreedyBot) and easy.noise == LEVELS["easy"][1]["noise"]
    normal = make_bot("normal")
    assert isinstance(normal, ISMCTSBot) and normal.iterations == 200
    hard = make_bot("hard")
    assert isinstance(hard, ISMCTSBot) and hard.iterations == 1000 and hard.rollout_depth == 4
    assert hard.prior > 0 and hard.settle > 0  # starts from, and breaks ties by, the heuristic


def test_settings_override_a_level() -> None:
    bot = make_bot("hard", iterations=10, time_ms=50)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.time_ms, bot.rollout_depth) == (10, 50, 4)


def test_unknown_bot_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        make_bot("no-such-bot")


def test_spec_values_are_typed() -> None:
    name, settings = parse_bot_spec("ismcts[iterations=50, c=1.5, rollout=heuristic, time_ms=none]")
    assert name == "ismcts"
    assert settings == {"iterations": 50, "c": 1.5, "rollout": "heuristic", "time_ms": None}
    assert parse_bot_spec(" greedy ") == ("greedy", {})


@pytest.mark.parametrize("bad", ["", "ismcts[iterations]", "is mcts", "ismcts[=3]"])
def test_bad_specs_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_bot_spec(bad)


def test_split_keeps_commas_inside_brackets() -> None:
    assert split_bot_specs("ismcts[iterations=5,c=1],greedy, random") == [
        "ismcts[iterations=5,c=1]",
        "greedy",
        "random",
    ]


def test_spec_builds_a_configured_bot() -> None:
    bot = make_bot_from_spec("greedy[noise=0.5,samples=2]", seed=3)
    assert isinstance(bot, GreedyBot) and (bot.noise, bot.samples) == (0.5, 2)


@pytest.mark.parametrize(
    ("name", "settings"),
    [
        ("ismcts", {"iterations": None, "time_ms": None}),
        ("ismcts", {"iterations": 0}),
        ("ismcts", {"rollout": "psychic"}),
        ("greedy", {"noise": 2.0}),
        ("greedy", {"samples": 0}),
    ],
)
def test_bad_settings_are_rejected(name: str, settings: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        make_bot(name, **settings)


def test_make_bot_reads_a_spec_so_terminal_seats_can_carry_settings() -> None:
    bot = make_bot("hard[iterations=7]", seed=2, time_ms=40)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.time_ms, bot.rollout_depth) == (7, 40, 4)
