"""Daily Mode: the date alone fixes dice, craftsman order and wares, for
everyone and whatever they do; bots still cannot see the future."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import SetupError
from gameshelf.core.record import replay
from gameshelf.core.rng import Stream
from gameshelf.games.dicey_farm import actions as A
from gameshelf.tools.dicey_farm.cli import round_start
from tests.games.dicey_farm.helpers import GAME

DATE = "2026-11-22"


def schedule(seed: int, choice_seed: int, date: str = DATE) -> tuple[object, ...]:
    """Play a random game; return what Daily Mode must fix: every roll, every
    round's wares and the order in which craftsmen came out of the deck."""
    s = GAME.new_game(1, seed, {"daily": date})
    deck = s.deck
    stream = Stream(choice_seed)
    wares = [tuple(sorted(s.wares.items()))]
    while not s.is_over:
        before = s.round
        s.apply(stream.choice(s.legal_actions()))
        if s.round != before and not s.is_over:
            wares.append(tuple(sorted(s.wares.items())))
    used = {a.action for a in s.history if isinstance(a, A.Use)}
    return s.rolled, tuple(wares), deck, used


def test_the_date_fixes_everything_for_everyone() -> None:
    """「デイリーモードは、以下の要素がランダムではなく、固定されています。サイコロの出目 / 職人が並ぶ順番 / 買い物スロットの内容」."""
    assert schedule(1, 7) == schedule(999, 7)
    assert schedule(1, 7)[:3] == schedule(2, 8)[:3]


def test_choices_never_shift_the_schedule() -> None:
    """Recruiting or shopping never shifts later dice: different play, same schedule."""
    runs = [schedule(0, k) for k in range(8)]
    assert len({run[:3] for run in runs}) == 1
    assert len({frozenset(run[3]) for run in runs}) > 1, "the plays should differ"
    assert any({"recruit", "buy_base"} <= run[3] for run in runs)


def test_another_date_is_another_puzzle() -> None:
    assert schedule(0, 1)[:3] != schedule(0, 1, "2026-11-23")[:3]


def test_the_daily_puzzle_is_pinned() -> None:
    """The same on every machine: PCG32 streams seeded by SHA-256 of the date."""
    s = GAME.new_game(1, 0, {"daily": DATE})
    assert s.rolled[0] == (1, 2)
    assert s.display == ["grocer", "porter", "florist", "watchman", "gardener", "livestock_dealer"]


def test_bad_dates_are_refused() -> None:
    with pytest.raises(SetupError):
        GAME.new_game(1, 0, {"daily": "2026-13-40"})


def test_bots_do_not_see_the_daily_future() -> None:
    """In Daily Mode the future is still hidden from a seat: determinize re-samples it."""
    s = GAME.new_game(1, 0, {"daily": DATE})
    futures = set()
    for k in range(4):
        twin = s.determinize(0, k)
        while twin.round == 1:
            twin.apply(twin.legal_actions()[-1] if twin.phase == "main" and not twin.dice else twin.legal_actions()[0])
        futures.add((twin.rolled[1], tuple(twin.display[4:]), tuple(twin.wares["base"])))
    assert len(futures) > 1


def test_restart_point_is_the_start_of_the_round() -> None:
    """「ラウンドの最初からやり直す」: restart replays up to the round's first move."""
    s = GAME.new_game(1, 0, {"daily": DATE})
    assert round_start(s) is None
    s.apply(A.PickDie(2))
    assert round_start(s) == 0
    stream = Stream(3)
    while s.round == 1:
        s.apply(stream.choice(s.legal_actions()))
    start = len(s.history)
    assert round_start(s) is None
    s.apply(s.legal_actions()[0])
    assert round_start(s) == start
    again = replay(s.record(), upto=round_start(s))
    assert again.round == 2 and again.dice == list(s.rolled[1])
