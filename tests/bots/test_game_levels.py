"""A game may tune the levels in its own data/bots.toml."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import gameshelf
from gameshelf.bots import LEVELS, BotSettingsError, level_settings, make_bot
from gameshelf.bots.ismcts import ISMCTSBot


def test_dicey_farm_tunes_hard_and_the_others_keep_the_defaults() -> None:
    dicey = gameshelf.load_game("dicey-farm")
    tuned = make_bot("hard", game=dicey)
    assert isinstance(tuned, ISMCTSBot)
    assert (tuned.rollout, tuned.rollout_depth, tuned.iterations) == ("heuristic", 16, 300)
    assert tuned.prior == LEVELS["hard"][1]["prior"]  # what the file leaves alone stays
    plain = make_bot("hard", game=gameshelf.load_game("filthy-rich"))
    assert isinstance(plain, ISMCTSBot) and plain.rollout == "random"
    assert level_settings("hard") == LEVELS["hard"][1]  # no game: the defaults


def test_a_spec_still_overrides_the_games_settings() -> None:
    bot = make_bot("hard[iterations=7]", game=gameshelf.load_game("dicey-farm"))
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 7 and bot.rollout == "heuristic"


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
