"""A game may tune the levels in its own data/bots.toml."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import gameshelf
from gameshelf.bots import LEVELS, BotSettingsError, level_bot, level_settings, make_bot
from gameshelf.bots.greedy import GreedyBot
from gameshelf.bots.ismcts import ISMCTSBot
from gameshelf.bots.planner import PlannerBot
from gameshelf.bots.rollout import RolloutBot


def test_dicey_farm_plays_hard_with_the_planner_and_the_others_keep_the_defaults() -> None:
    dicey = gameshelf.load_game("dicey-farm")
    hard, normal = make_bot("hard", game=dicey), make_bot("normal", game=dicey)
    assert isinstance(hard, PlannerBot) and (hard.samples, hard.width, hard.lines) == (2, 3, 2)
    assert isinstance(normal, GreedyBot) and normal.noise == 0.1
    assert level_bot("hard", dicey) == "planner" and level_bot("hard") == "ismcts"
    assert level_bot("normal", dicey) == "greedy"
    # another bot: the default search settings do not apply
    assert level_settings("hard", dicey) == {"samples": 2, "width": 3, "lines": 2}
    plain = make_bot("hard", game=gameshelf.load_game("above-and-below"))
    assert isinstance(plain, ISMCTSBot) and plain.rollout == "random"
    assert level_settings("hard") == LEVELS["hard"][1]  # no game: the defaults


def test_filthy_rich_plays_hard_with_rollouts_and_normal_greedy_with_blunders() -> None:
    rich = gameshelf.load_game("filthy-rich")
    hard = make_bot("hard", game=rich)
    assert isinstance(hard, RolloutBot) and (hard.samples, hard.depth, hard.width) == (16, 12, 4)
    assert not hard.to_round_end  # the round horizon lost duels (data/bots.toml)
    normal = make_bot("normal", game=rich)
    assert isinstance(normal, GreedyBot) and normal.noise == 0.1
    assert level_bot("normal", rich) == "greedy"


def test_pay_dirt_plays_hard_with_rollouts_and_normal_with_the_default_search() -> None:
    dirt = gameshelf.load_game("pay-dirt")
    hard = make_bot("hard", game=dirt)
    assert isinstance(hard, RolloutBot) and (hard.samples, hard.depth, hard.width) == (16, 12, 4)
    assert isinstance(make_bot("normal", game=dirt), ISMCTSBot)
    assert level_settings("hard", dirt) == {
        "samples": 16, "depth": 12, "width": 4, "horizon": "round", "value": "margin"
    }  # fmt: skip
    assert hard.to_round_end and hard.own_margin


def test_a_spec_still_overrides_the_games_settings() -> None:
    bot = make_bot("normal[noise=0.5]", game=gameshelf.load_game("dicey-farm"))
    assert isinstance(bot, GreedyBot) and bot.noise == 0.5


def test_a_level_may_keep_its_bot_and_change_a_setting(tmp_path: Path) -> None:
    game = _fake_game_package(tmp_path, "fake_game_same_bot", '[hard]\nbot = "ismcts"\niterations = 9\n')
    try:
        assert level_settings("hard", game) == {**LEVELS["hard"][1], "iterations": 9}  # type: ignore[arg-type]
        assert isinstance(make_bot("hard", game=game), ISMCTSBot)  # type: ignore[arg-type]
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("fake_game_same_bot", None)


def _fake_game_package(tmp_path: Path, name: str, text: str) -> object:
    package = tmp_path / name
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "data" / "bots.toml").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    return type("FakeGame", (), {"__module__": f"{name}.game"})()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[expert]\niterations = 5\n", r"\[expert\] is not one of easy, normal, hard"),
        ("[hard]\niterations = [1, 2]\n", r"\[hard\] iterations must be a number"),
        ("[hard\n", r"not valid TOML"),
        ('[hard]\nbot = "oracle"\n', r"\[hard\] bot must be one of .*greedy.*, not 'oracle'"),
    ],
)
def test_a_malformed_file_is_refused_with_a_clear_error(
    tmp_path: Path, text: str, message: str
) -> None:
    name = f"fake_game_{abs(hash(text))}"
    game = _fake_game_package(tmp_path, name, text)
    try:
        with pytest.raises(BotSettingsError, match=message):
            level_settings("hard", game)  # type: ignore[arg-type]
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)
