"""``acquisitions()`` (the simulator's per-card table) and ``rank_of`` (the
rulebook's rank table), RULES.md D29-D30."""

from __future__ import annotations

import pytest

from gameshelf.bots import make_bot_from_spec, play_bot_turn
from gameshelf.core.i18n import t
from gameshelf.core.record import replay
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.state import DiceyFarmState
from tests.games.dicey_farm.helpers import GAME, farm, play, use

C = components()
KNOWN = set(C.craftsmen) | set(C.facilities)


def test_contract_and_build_are_recorded_in_order() -> None:
    s = farm(dice=[3, 6], goods={"food": 3})
    assert s.acquisitions() == {0: []}
    target = s.display[2]
    play(use(s, 3, "contract"), A.Hire(target))
    play(use(s, 6, "build"), A.Build("stable"))
    assert s.acquisitions() == {0: [target, "stable"]}
    # the stable's horse is a good that comes with the facility, not an item


def test_buying_and_recruiting_acquire_nothing() -> None:
    """Merchants sell plain goods; 募集 only chooses who stays on display."""
    s = farm(dice=[1, 2], goods={"food": 3})
    use(s, 1, "buy_base")
    play(use(s, 2, "recruit"), *[A.Keep(c) for c in s.display[:2]])
    assert s.acquisitions() == {0: []}


def test_acquisitions_survive_clone_and_replay() -> None:
    s = farm(dice=[3, 6], goods={"food": 3})
    target = s.display[0]
    play(use(s, 3, "contract"), A.Hire(target))
    copy = s.clone()
    play(use(s, 6, "build"), A.Build("smokehouse"))
    assert copy.acquisitions() == {0: [target]}
    assert s.acquisitions() == {0: [target, "smokehouse"]}
    # the returned list is the caller's: changing it changes nothing
    s.acquisitions()[0].append("oops")
    assert s.acquisitions() == {0: [target, "smokehouse"]}


def _greedy_game(seed: int) -> DiceyFarmState:
    """Greedy contracts and builds often, unlike random play."""
    s = GAME.new_game(1, seed)
    bot = make_bot_from_spec("greedy", seed=seed)
    while not s.is_over:
        play_bot_turn(s, bot)
    assert isinstance(s, DiceyFarmState)
    return s


def _random_game(seed: int) -> DiceyFarmState:
    s = GAME.new_game(1, seed)
    stream = Stream(derive_seed("acq", seed))
    while not s.is_over:
        s.apply_unchecked(stream.choice(s.legal_actions()))
    assert isinstance(s, DiceyFarmState)
    return s


@pytest.mark.parametrize("play_game", [_random_game, _greedy_game])
def test_every_recorded_id_exists_in_the_data(play_game) -> None:  # type: ignore[no-untyped-def]
    total = 0
    for seed in range(40 if play_game is _random_game else 6):
        s = play_game(seed)
        got = s.acquisitions()
        assert list(got) == [0]
        items = got[0]
        assert set(items) <= KNOWN, set(items) - KNOWN
        assert len(items) == len(set(items)), "a craftsman or facility acquired twice"
        assert sorted(items) == sorted((*s.hired, *s.built))
        assert [i for i in items if i in C.craftsmen] == list(s.hired)
        assert [i for i in items if i in C.facilities] == list(s.built)
        again = replay(s.record())
        assert isinstance(again, DiceyFarmState)
        assert again.acquisitions() == got
        total += len(items)
    assert total > 0, "no game acquired anything: the check checked nothing"


@pytest.mark.parametrize(("score", "index", "key"), [
    (-5, 0, "rank1"), (20, 0, "rank1"), (21, 1, "rank2"), (60, 2, "rank3"),
    (61, 3, "rank4"), (81, 4, "rank5"), (100, 4, "rank5"), (101, 5, "rank6"), (250, 5, "rank6"),
])
def test_rank_of(score: int, index: int, key: str) -> None:
    rank = GAME.rank_of(score)  # type: ignore[attr-defined]
    assert rank == {
        "index": index, "key": key, "min": C.ranks[index][0],
        "en": t(f"dicey_farm.rank.{key}", "en"), "ja": t(f"dicey_farm.rank.{key}", "ja"),
    }


def test_rank_of_is_what_the_result_screen_shows() -> None:
    s = farm(dice=[], round_no=8, goods={"food": 5, "gem": 4})
    play(s, A.EndRound())
    obs = s.observation(None)
    assert obs["rank"] == GAME.rank_of(s.scores()[0])["key"]  # type: ignore[attr-defined]
