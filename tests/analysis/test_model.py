"""The stored analysis: a JSON round trip, and corrupt JSON refused by name."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from gameshelf.analysis import Analysis, AnalysisError
from gameshelf.core.registry import load_game
from tests.analysis.helpers import small_analysis


@pytest.fixture(scope="module")
def stored() -> dict[str, Any]:
    return small_analysis()[1].to_json()


def test_round_trip_through_json_text(stored: dict[str, Any]) -> None:
    analysis = Analysis.from_json(json.loads(json.dumps(stored)))
    assert analysis.to_json() == stored
    assert Analysis.from_json(stored, load_game("hidden-high")) == analysis
    assert analysis.decisions and any(d.reason is not None for d in analysis.decisions)


def test_an_analysis_of_version_1_is_refused_so_the_server_makes_it_again(stored: dict[str, Any]) -> None:
    """Changed by issue 42: version 2 keeps intervals, certain losses and
    whole choices; a version 1 row (no intervals: its marks came from two
    play-outs) is refused, and the server computes it again."""
    older = copy.deepcopy(stored)
    older["version"] = 1
    with pytest.raises(AnalysisError, match="version"):
        Analysis.from_json(older)


def corrupt(stored: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(stored)
    target = bad
    for part in path[:-1]:
        target = target[part]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("version",), 3, "analysis.version"),
        (("version",), True, "analysis.version"),
        (("seat",), True, "analysis.seat"),  # true is not 1
        (("seat",), 0.0, "analysis.seat"),  # nor 0.0 a seat
        (("seat",), 5, "analysis.seat"),
        (("players",), "2", "analysis.players"),
        (("game",), "pay-dirt", "analysis.game"),
        (("game",), "no-such-game", "analysis.game"),
        (("rules_version",), "0", "analysis.rules_version"),
        (("complete",), 1, "analysis.complete"),
        (("budget_s",), -1, "analysis.budget_s"),
        (("final_score",), float("nan"), "analysis.final_score"),
        (("decisions",), {}, "analysis.decisions"),
        (("decisions", 0, "move"), 4.0, "analysis.decisions[0].move"),
        (("decisions", 0, "legal"), 1, "analysis.decisions[0].legal"),
        (("decisions", 0, "mark"), "!!", "analysis.decisions[0].mark"),
        (("decisions", 0, "played", "action"), {"type": "fly"}, "analysis.decisions[0].played.action"),
        (("decisions", 0, "played", "win"), 1.5, "analysis.decisions[0].played.win"),
        (("decisions", 0, "played", "worlds"), 0, "analysis.decisions[0].played.worlds"),
        (("decisions", 0, "best", "score"), "7", "analysis.decisions[0].best.score"),
        (("decisions", 0, "best", "lead"), float("inf"), "analysis.decisions[0].best.lead"),
        (("decisions", 0, "best", "lead"), "1", "analysis.decisions[0].best.lead"),
        (("decisions", 0, "loss_score"), KeyError, "analysis.decisions[0]"),
        (("decisions", 0, "extra"), 1, "analysis.decisions[0]"),
        (("mistakes",), [10_000], "analysis.mistakes"),
        (("rounds",), [{"round": 1}], "analysis.rounds[0]"),
        (("seed",), "1", "analysis.seed"),
    ],
)
def test_corrupt_json_is_refused_naming_the_part(
    stored: dict[str, Any], path: tuple[Any, ...], value: Any, named: str
) -> None:
    with pytest.raises(AnalysisError) as caught:
        Analysis.from_json(corrupt(stored, path, value), load_game("hidden-high"))
    assert named in str(caught.value)


def test_not_an_object_and_decisions_out_of_order(stored: dict[str, Any]) -> None:
    for bad in (None, [], "analysis", 3):
        with pytest.raises(AnalysisError, match="expected an object"):
            Analysis.from_json(bad)
    if len(stored["decisions"]) > 1:
        swapped = copy.deepcopy(stored)
        swapped["decisions"].reverse()
        with pytest.raises(AnalysisError, match="game order"):
            Analysis.from_json(swapped)


def test_a_solitaire_analysis_has_no_chance_to_win(stored: dict[str, Any]) -> None:
    solo = copy.deepcopy(stored)
    solo["players"] = 1
    with pytest.raises(AnalysisError):  # Hidden High needs two players
        Analysis.from_json(solo)


def test_an_unknown_game_without_a_game_given(stored: dict[str, Any]) -> None:
    with pytest.raises(AnalysisError, match=r"analysis\.game"):
        Analysis.from_json(corrupt(stored, ("game",), "no-such-game"))
