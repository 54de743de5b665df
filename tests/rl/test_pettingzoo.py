"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import gameshelf.rl.pettingzoo as gs_pz
from gameshelf.core.errors import IllegalAction
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
