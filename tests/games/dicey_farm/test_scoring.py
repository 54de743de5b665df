"""Game-end scoring, its breakdown and the rank titles."""

from __future__ import annotations

import pytest

from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from tests.games.dicey_farm.helpers import GAME, farm, play


def finished(**kw: object):  # type: ignore[no-untyped-def]
    s = farm(dice=[], round_no=8, **kw)  # type: ignore[arg-type]
    return play(s, A.EndRound())


def test_gems_and_beggars() -> None:
    """「宝石は … ゲーム終了時、1つにつき7VP」「物乞いカウンター … 1つにつき-3VP」."""
    s = finished(goods={"gem": 2, "food": 0}, beggars=1)
    assert s.final is not None
    assert s.final["gems"] == 14 and s.final["beggars"] == -3 * 6
    assert s.scores() == [14 - 18]


def test_final_observation_carries_breakdown_and_rank() -> None:
    """The result screen shows the score, its rank title and VP by source."""
    s = finished(goods={"food": 5, "gem": 4})
    s.vp["market"] = 3
    obs = s.observation(0)
    assert obs["final"]["gems"] == 28 and obs["rank"] == "rank2"
    text = GAME.render(obs, "ja")
    from rich.console import Console

    console = Console(record=True, width=140)
    console.print(text)
    out = console.export_text()
    assert "それなりの手腕" in out and "宝石" in out


@pytest.mark.parametrize(("score", "key", "ja"), [
    (-5, "rank1", "まだまだ半人前"), (20, "rank1", "まだまだ半人前"), (21, "rank2", "それなりの手腕"),
    (41, "rank3", "なかなかやりますね"), (61, "rank4", "一流の牧場主"), (80, "rank4", "一流の牧場主"),
    (81, "rank5", "死後、地元に博物館が建つ"), (100, "rank5", "死後、地元に博物館が建つ"),
    (101, "rank6", "世界中の経営学の教科書に載る"),
])
def test_rank_titles(score: int, key: str, ja: str) -> None:
    """「〜20:まだまだ半人前 … 101〜:世界中の経営学の教科書に載る」."""
    assert components().rank_key(score) == key
    assert t(f"dicey_farm.rank.{key}", "ja") == ja
    assert t(f"dicey_farm.rank.{key}", "en") != t(f"dicey_farm.rank.{key}", "ja")


def test_breakdown_sums_to_the_score() -> None:
    s = finished(goods={"food": 1, "gem": 1}, hired=("accountant",))
    s2 = s.final
    assert s2 is not None
    assert sum(v for k, v in s2.items() if k != "ignored_beggars") == s.scores()[0]
