"""A decision is a whole choice (issue 42), in every game: a step that
commits nothing on its own (a die picked; a card played before its sign's
pockets or its aim; a main action started before its villagers are sent; a
tile scrapped before its wear comes off) is judged together with what
follows, so one choice fills one slot of the analysis."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gameshelf.analysis.analyse import Choice, analyse_record, decision_positions, whole_choices
from gameshelf.core.record import make_record
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt.actions import Scrap
from gameshelf.tools import coach

GOLDEN = Path(__file__).parents[1] / "games"


def _record(path: str) -> dict[str, Any]:
    data = json.loads((GOLDEN / path).read_text())
    return dict(data.get("record", data))


def _scrapped_pay_dirt() -> dict[str, Any]:
    """A finished random two-player Pay Dirt game in which a tile was
    scrapped while its owner had wear to take off (the first seed that has one)."""
    game = load_game("pay-dirt")
    for seed in range(60):
        state = game.new_game(2, seed)
        stream = Stream(seed)
        scrapped = False
        for _ in range(5000):
            if state.is_over:
                break
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None
            action = stream.choice(legal)
            if Scrap() in legal and sum(state.camps[seat].wear) > 0:  # type: ignore[attr-defined]
                action, scrapped = Scrap(), True
            state.apply(action)
        if scrapped and state.is_over:
            return make_record(state)
    raise AssertionError("no seed scrapped a tile")


#: per game: a record, and the kinds that open a choice and carry it on
CASES = {
    "dicey-farm": (lambda: _record("dicey_farm/golden/random-seed-7.json"), "pick", {"use", "to-food"}),
    "filthy-rich": (lambda: _record("filthy_rich/golden/2p-seed2-heuristic.json"), "play",
                    {"place", "target", "torch", "page"}),
    "pay-dirt": (_scrapped_pay_dirt, "scrap", {"remove-wear"}),
    "above-and-below": (lambda: _record("above_and_below/golden/2p-seed11.json"), "act",
                        {"assign", "build", "train", "harvest", "done", "set-out"}),
}


def _choices(record: dict[str, Any], seat: int) -> tuple[list[Choice], list[Any]]:
    positions = decision_positions(record, seat, forced=True)
    return whole_choices(positions, coach(str(record["game"])).commits), positions


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_step_that_commits_nothing_is_judged_with_what_follows(game_id: str) -> None:
    make, opener, follow = CASES[game_id]
    record = make()
    commits = coach(game_id).commits
    assert commits is not None
    joined = []
    for seat in range(int(record["players"])):
        choices, positions = _choices(record, seat)
        # every decision with a choice lies in exactly one whole choice, in game order
        steps = [c.move + i for c in choices for i in range(len(c.line))]
        assert steps == sorted(set(steps))
        assert {i for i, s, _ in positions if len(s.legal_actions()) > 1} <= set(steps)
        for choice in choices:
            assert len(choice.state.legal_actions()) == choice.legal >= 2
            # the steps before the last commit nothing: the last closes the choice
            state = choice.state.clone()
            for step in choice.line[:-1]:
                assert not commits(state, step), (choice.move, choice.line)
                state.apply(step)
            if len(choice.line) > 1:
                joined.append(choice)
    # the game's own multi-step actions are among them, each one choice
    kinds = [[a.kind for a in c.line] for c in joined]
    assert any(k[0] == opener and follow & set(k[1:]) for k in kinds), kinds
    # and no follow-up step ever opens a choice of its own
    for seat in range(int(record["players"])):
        for choice in _choices(record, seat)[0]:
            assert choice.line[0].kind not in follow - {"use", "to-food", "done", "set-out", "build", "train"}


def test_a_played_card_and_its_pockets_fill_one_slot_of_the_analysis() -> None:
    """Filthy Rich: a business played and its sign's pockets are one
    decision of the analysis, with its whole line, and the pockets are
    never a decision of their own."""
    record = _record("filthy_rich/golden/4p-seed3-random.json")
    seat = 2
    analysis = analyse_record(record, seat, budget_s=0, worlds=1, seed=1, coach=coach("filthy-rich"),
                              plan_worlds=0)
    played = [[d.played.action["type"], *(s["type"] for s in d.played.line)] for d in analysis.decisions]
    assert any(p[0] == "play" and len(p) > 1 for p in played), played
    assert not any(p[0] in ("place", "target", "torch", "page") for p in played), played
    assert sum(d.steps for d in analysis.decisions) >= len(analysis.decisions)
