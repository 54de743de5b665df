"""``weights=NAME``: a bot (or a game's level) decides by weights of its own,
``data/heuristic-NAME.toml``, while every other seat keeps the shipped ones."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gameshelf
from gameshelf.bots import BotSpecError, make_bot
from gameshelf.bots.greedy import GreedyBot
from gameshelf.bots.rollout import RolloutBot
from gameshelf.bots.tuning import WeightedBot
from gameshelf.core.weights import WeightsError, WeightSlot

SHIPPED = 'status = "tuned"\n[misc]\ncard = 1.5\ncash = 0.5\n'


@pytest.fixture
def package(tmp_path: Path) -> Iterator[str]:
    """A game package with shipped weights and a second set, ``strong``."""
    name = "fake_weighted_game"
    data = tmp_path / name / "data"
    data.mkdir(parents=True)
    (tmp_path / name / "__init__.py").write_text("", encoding="utf-8")
    (data / "heuristic.toml").write_text(SHIPPED, encoding="utf-8")
    (data / "heuristic-strong.toml").write_text(SHIPPED.replace("1.5", "4.0"), encoding="utf-8")
    (data / "heuristic-stale.toml").write_text('[misc]\ncard = 1.0\n', encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        yield name
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)


class _Heuristics:
    def __init__(self, slot: WeightSlot) -> None:
        self.weights = slot


def _game(slot: WeightSlot) -> object:
    """Just enough of a game for ``make_bot``: its declared heuristics."""
    return type("FakeGame", (), {"heuristics": lambda self: _Heuristics(slot)})()


def test_a_named_set_is_read_once_and_must_match_the_shipped_names(package: str) -> None:
    slot = WeightSlot(package)
    strong = slot.named("strong")
    assert strong["misc"]["card"] == 4.0 and slot.named("strong") is strong
    assert slot.current is slot.shipped  # reading a set does not make it current
    with pytest.raises(WeightsError, match=r"missing misc\.cash"):
        slot.named("stale")  # from before a weight was added: refused, not half-used
    with pytest.raises(FileNotFoundError):
        slot.named("absent")


def test_a_bot_given_weights_decides_with_them_and_leaves_the_slot_as_found(package: str) -> None:
    slot = WeightSlot(package)
    bot = make_bot("greedy[weights=strong,noise=0.1]", seed=3, game=_game(slot))  # type: ignore[arg-type]
    assert isinstance(bot, WeightedBot) and isinstance(bot.inner, GreedyBot)
    assert bot.weights is slot.named("strong") and bot.noise == 0.1  # the inner bot's settings show through
    assert bot.name == "greedy" and slot.current is slot.shipped


def test_without_weights_a_bot_is_not_wrapped() -> None:
    bot = make_bot("rollout[samples=2]", game=gameshelf.load_game("filthy-rich"))
    assert isinstance(bot, RolloutBot)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greedy[weights=absent]", r"no heuristic weights called 'absent' \(data/heuristic-absent.toml\)"),
        ("hard[weights=absent]", r"hard: this game has no heuristic weights called 'absent'"),
        ("greedy[weights=Strong]", r"weights=Strong is not allowed; weights takes: the name of one"),
        ("greedy[weights=../heuristic]", r"weights=../heuristic is not allowed"),
        ("greedy[weights=7]", r"weights=7 is not allowed"),  # a number is not a name
    ],
)
def test_weights_that_do_not_exist_or_are_not_a_name_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, game=gameshelf.load_game("filthy-rich"))


def test_a_game_without_weights_refuses_them() -> None:
    with pytest.raises(BotSpecError, match="no heuristic weights called 'strong'"):
        make_bot("greedy[weights=strong]")  # no game: nothing to read them from


def test_the_refusal_is_in_japanese_too() -> None:
    with pytest.raises(BotSpecError) as refused:
        make_bot("greedy[weights=absent]", game=gameshelf.load_game("filthy-rich"))
    assert "重み" in refused.value.message_in("ja")
