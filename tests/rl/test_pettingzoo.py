"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import gameshelf.rl.pettingzoo as gs_pz
from gameshelf.core.errors import IllegalAction
from gameshelf.rl._common import render_text
from tests.rl.conftest import GAME_IDS

#: PettingZoo's checker warns about every dict observation, its classic
#: games' included (an observation plus its action mask is their convention).
DICT_WARNINGS = ("Observation space for each agent probably", "Observation is not a NumPy array")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoos_checkers_pass(game_id: str) -> None:
    players = 1 if game_id == "dicey-farm" else 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        api_test(gs_pz.env(game_id, players=players), num_cycles=400)
        seed_test(lambda: gs_pz.env(game_id, players=players), num_cycles=400)


def test_a_whole_game_pays_the_final_scores() -> None:
    env = gs_pz.env("pay-dirt", players=3)
    env.reset(seed=3)
    paid = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        paid[agent] += reward
        mask = observation["action_mask"]
        env.step(None if termination or truncation else int(mask.nonzero()[0][0]))
    scores = env.unwrapped.state.scores()
    assert [paid[a] for a in env.possible_agents] == scores


def test_the_agent_to_act_is_the_seat_that_decides() -> None:
    env = gs_pz.raw_env("filthy-rich", players=4)
    env.reset(seed=1)
    for _ in range(200):
        state = env.state
        assert env.agent_selection == f"player_{state.current_player}"
        others = [a for a in env.agents if a != env.agent_selection]
        assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(mask.nonzero()[0][-1]))


def test_raw_env_refuses_an_illegal_move_and_changes_nothing() -> None:
    env = gs_pz.raw_env("pay-dirt", players=2)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.state.snapshot()
    with pytest.raises(IllegalAction):
        env.step(int(list(mask).index(0)))
    with pytest.raises(TypeError):
        env.step(True)
    assert env.state.snapshot() == before


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        gs_pz.env("pay-dirt", players=1)
    with pytest.raises(ValueError):
        gs_pz.env("pay-dirt", reward="gold")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_checkers_pass_at_every_player_count(game_id: str) -> None:
    from gameshelf.core.registry import load_game

    game = load_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            for text in DICT_WARNINGS:
                warnings.filterwarnings("ignore", message=text)
            api_test(gs_pz.env(game_id, players=players), num_cycles=2000)
            seed_test(lambda players=players: gs_pz.env(game_id, players=players), num_cycles=2000)


def _pettingzoos_own_wrappers(game_id: str, players: int):  # type: ignore[no-untyped-def]
    """The raw environment in PettingZoo's own three wrappers, as ``env()``
    built it before its wrappers read the hot attributes directly."""
    from pettingzoo.utils import wrappers

    wrapped = wrappers.TerminateIllegalWrapper(gs_pz.raw_env(game_id, players=players), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("illegal_at", [None, 25])
def test_env_behaves_exactly_as_pettingzoos_own_wrappers(game_id: str, illegal_at: int | None) -> None:
    """Same observations, rewards, ends and refusals, move by move, with and
    without an illegal move (which ends the game with -1 for its maker), for
    plain ints (``env()``'s fast path) and numpy integers (the wrappers' own)."""
    import numpy as np
    from pettingzoo.utils import wrappers

    players = 1 if game_id == "dicey-farm" else 3
    ours, theirs = gs_pz.env(game_id, players=players), _pettingzoos_own_wrappers(game_id, players)
    assert isinstance(ours, wrappers.OrderEnforcingWrapper) and str(ours) == str(theirs)
    for env in (ours, theirs):
        with pytest.raises(AttributeError, match="before reset"):
            env.agent_selection  # noqa: B018
        with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
            env.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about the illegal move
        ours.reset(seed=5)
        theirs.reset(seed=5)
        moves = 0
        for agent, other in zip(ours.agent_iter(), theirs.agent_iter(), strict=True):
            assert agent == other
            mine, same = ours.last(), theirs.last()
            assert np.array_equal(mine[0]["observation"], same[0]["observation"])
            assert np.array_equal(mine[0]["action_mask"], same[0]["action_mask"])
            assert mine[1:] == same[1:]
            assert ours.rewards == theirs.rewards and ours.agents == theirs.agents
            if mine[2] or mine[3]:
                action = None
            else:
                legal = mine[0]["action_mask"].nonzero()[0]
                illegal = (mine[0]["action_mask"] == 0).nonzero()[0]
                action = int(illegal[0] if moves == illegal_at else legal[moves % len(legal)])
                if moves % 5 == 3:  # a numpy integer takes the wrappers' own path, not env()'s fast one
                    action = np.int64(action)
                for env in (ours, theirs):  # an id outside the space fails the same assertion
                    with pytest.raises(AssertionError, match="action space"):
                        env.step(ours.unwrapped.num_actions)
            ours.step(action)
            theirs.step(action)
            moves += 1
    assert moves > 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoos_render_test_passes(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    players = 1 if game_id == "dicey-farm" else 3
    render_test(lambda render_mode: gs_pz.env(game_id, players=players, render_mode=render_mode))
    assert capsys.readouterr().out.strip(), "human mode prints the table"


def test_render_shows_only_public_information() -> None:
    env = gs_pz.env("filthy-rich", players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    state = env.unwrapped.state
    assert isinstance(text, str) and text == render_text(state, None)
    with pytest.raises(ValueError):
        gs_pz.env("filthy-rich", render_mode="rgb_array")
