"""Known answers from whole records (issue 42): a game played out by greedy
bots in which one seat, once, plays a planted blunder; the whole record is
analysed as ``gameshelf analyse`` would (small budget: one or two play-outs
a move, one candidate besides the move made), and the blunder must be marked
and listed first, in the player's words.

- A multiplayer game thrown away: in Filthy Rich the seat could buy its
  third luxury and win on the spot, played another move, and lost the game.
- A planted blunder in every other game: Dicey Farm's farm left five food
  short at a round's end although another line fed it (15 VP for certain);
  Pay Dirt's and Above and Below's last move that loses a game another move
  wins (the game's end is the seat's alone to decide)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest

from gameshelf.analysis import Analysis
from gameshelf.analysis.analyse import analyse_record
from gameshelf.analysis.certain import final_outcomes
from gameshelf.analysis.render import mistake_line, mistakes
from gameshelf.bots import PlayerView
from gameshelf.bots.greedy import GreedyBot
from gameshelf.core.actions import Action
from gameshelf.core.protocol import State
from gameshelf.core.record import replay
from gameshelf.tools import coach
from tests.analysis.helpers import planted_record

#: a kana or kanji: the text is Japanese
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _analysed(record: dict[str, Any], seat: int, worlds: int) -> Analysis:
    """The whole record analysed for ``seat`` with a small budget (no round
    review: Dicey Farm's par solver is checked in test_rounds.py)."""
    parts = dataclasses.replace(coach(str(record["game"])), rounds=None)
    return analyse_record(record, seat, budget_s=0, worlds=worlds, width=1, seed=1, coach=parts, plan_worlds=0)


def _the_choice(analysis: Analysis, at: int) -> Any:
    """The decision whose whole choice holds record move ``at``."""
    return next(d for d in analysis.decisions if d.move <= at < d.move + d.steps)


def _throw_the_win(state: State) -> Action | None:
    """Filthy Rich: when a luxury would win the game at once, another move."""
    seat = state.current_player
    for action in state.legal_actions():
        if action.kind == "buy":
            after = state.clone()
            after.apply_unchecked(action)
            if after.is_over and after.winners() == [seat]:
                return next(a for a in state.legal_actions() if a.kind != "buy")
    return None


def test_a_won_game_thrown_away_is_marked_and_listed_first_in_the_players_words() -> None:
    record, at, seat = planted_record("filthy-rich", 2, 12, _throw_the_win)
    assert seat not in replay(record).winners()  # the game was won, and then lost
    analysis = _analysed(record, seat, worlds=2)
    blunder = _the_choice(analysis, at)
    assert blunder.mark in ("??", "?") and analysis.mistakes[0] == blunder.move
    assert blunder.certain is not None and blunder.certain.kind == "win-now"
    first = mistakes(analysis, record, "en")[0]
    assert first.move == blunder.move and "buy" not in first.played.lower()
    assert "you gave up" in first.loss and "of your chance to win here (from 100%" in first.loss, first.loss
    assert "Luxury" in first.better or "luxury" in first.better.lower()
    line = mistake_line(first, "en")
    assert line.startswith(f"{blunder.mark} move {blunder.move + 1}:"), line
    ja = mistakes(analysis, record, "ja")[0]
    assert "勝つ見込み" in ja.loss and JAPANESE.search(ja.better)


def _worst_ending(state: State) -> Action | None:
    """A move after which the game's end is the seat's alone to decide and
    it loses, where another such move wins."""
    seat = state.current_player
    assert seat is not None
    ends = final_outcomes(PlayerView(state, seat), 7)
    if len(ends) < 2:
        return None
    worst = min(ends, key=lambda a: (ends[a][1], ends[a][0]))
    return worst if max(v[1] for v in ends.values()) - ends[worst][1] >= 1.0 else None


def _beggars_after(state: State, action: Action) -> int:
    """Dicey Farm: the beggars at the round's end when ``action`` is played
    and the greedy bot finishes the round."""
    after = state.clone()
    after.apply(action)
    bot = GreedyBot(seed=3)
    now = state.round  # type: ignore[attr-defined]
    while not after.is_over and after.round == now:  # type: ignore[attr-defined]
        after.apply(bot.choose(PlayerView(after, 0)))
    return int(after.beggars)  # type: ignore[attr-defined]


def _starve(state: State) -> Action | None:
    """Dicey Farm, from round 3: a use of a die that leaves the farm at
    least five food (15 VP) shorter at the round's end than another does."""
    if state.round < 3:  # type: ignore[attr-defined]
        return None
    legal = [a for a in state.legal_actions() if a.kind not in ("pick", "back")]
    if len(legal) < 2:
        return None
    beggars = {a: _beggars_after(state, a) for a in legal}
    worst = max(beggars, key=lambda a: beggars[a])
    return worst if beggars[worst] - min(beggars.values()) >= 5 else None


#: game -> (players, seed, the blunder planted, the certain loss's kind)
PLANTED: dict[str, tuple[int, int, Callable[[State], Action | None], str]] = {
    "dicey-farm": (1, 6, _starve, "beggars"),
    "pay-dirt": (2, 34, _worst_ending, "final"),
    "above-and-below": (2, 34, _worst_ending, "final"),
}


@pytest.mark.parametrize("game_id", sorted(PLANTED))
def test_a_planted_blunder_in_a_whole_record_is_marked_and_listed_first(game_id: str) -> None:
    players, seed, plant, kind = PLANTED[game_id]
    record, at, seat = planted_record(game_id, players, seed, plant)
    analysis = _analysed(record, seat, worlds=1)
    blunder = _the_choice(analysis, at)
    assert blunder.mark == "??", (blunder.mark, blunder.loss, blunder.certain)
    assert blunder.certain is not None and blunder.certain.kind == kind and blunder.samples == 0
    assert analysis.mistakes[0] == blunder.move
    first = mistakes(analysis, record, "en")[0]
    assert first.move == blunder.move and first.played != first.better
    assert "certain" in first.loss, first.loss
    if players > 1:  # in the player's words
        assert first.loss.startswith("you gave up all of your chance to win here (from 100% to 0%)"), first.loss
    assert JAPANESE.search(mistakes(analysis, record, "ja")[0].loss)
