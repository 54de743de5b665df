"""Every adapter's environment pickles and deep-copies mid-game, and the copy
plays on exactly as the original does (checkpoints, Ray workers, searches
over ``deepcopy(env)``)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import gameshelf.rl.gymnasium as gs_gym  # noqa: E402
import gameshelf.rl.openspiel as gs_os  # noqa: E402
import gameshelf.rl.pettingzoo as gs_pz  # noqa: E402
from tests.rl.conftest import GAME_IDS  # noqa: E402


def _pickled(obj: Any) -> Any:
    return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))


COPIERS: list[Callable[[Any], Any]] = [_pickled, copy.deepcopy]


def _players(game_id: str) -> int:
    return 1 if game_id == "dicey-farm" else 3


def _gym_trace(env: Any, info: dict[str, Any], moves: int, seed: int) -> list[Any]:
    rng, trace = random.Random(seed), []
    for _ in range(moves):
        legal = info["action_mask"].nonzero()[0]
        obs, reward, terminated, _, info = env.step(int(legal[rng.randrange(len(legal))]))
        trace.append((obs.tobytes(), reward, terminated, info["action_mask"].tobytes()))
        if terminated:
            break
    return trace


@pytest.mark.parametrize("copier", COPIERS, ids=["pickle", "deepcopy"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_env(game_id: str, copier: Callable[[Any], Any]) -> None:
    env = gs_gym.GameshelfEnv(game_id, players=_players(game_id), opponents="greedy")
    _, info = env.reset(seed=5)
    _gym_trace(env, info, 12, seed=1)
    twin = copier(env)
    assert twin.state is not env.state and twin.state.snapshot() == env.state.snapshot()
    info = env._info(illegal=False)
    assert (twin._info(illegal=False)["action_mask"] == info["action_mask"]).all()
    assert _gym_trace(twin, info, 400, seed=2) == _gym_trace(env, info, 400, seed=2)


def _pz_trace(env: Any, moves: int, seed: int) -> list[Any]:
    rng, trace = random.Random(seed), []
    for agent in env.agent_iter(moves):
        observation, reward, termination, truncation, _ = env.last()
        trace.append((agent, observation["observation"].tobytes(), reward, termination))
        if termination or truncation:
            env.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
    return trace


@pytest.mark.parametrize("copier", COPIERS, ids=["pickle", "deepcopy"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_env(game_id: str, copier: Callable[[Any], Any]) -> None:
    env = gs_pz.env(game_id, players=_players(game_id))
    env.reset(seed=5)
    _pz_trace(env, 12, seed=1)
    twin = copier(env)
    assert type(twin) is type(env) and str(twin) == str(env)
    assert twin.unwrapped.state.snapshot() == env.unwrapped.state.snapshot()
    assert _pz_trace(twin, 400, seed=2) == _pz_trace(env, 400, seed=2)


@pytest.mark.parametrize("copier", COPIERS, ids=["pickle", "deepcopy"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_game_and_state(game_id: str, copier: Callable[[Any], Any]) -> None:
    game = pyspiel.load_game(gs_os.game_name(game_id), {"players": _players(game_id)})
    assert str(copier(game)) == str(game)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(gs_os.SEED_NODES + 12):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
    twin = copier(state)
    assert twin.history() == state.history() and twin.engine.snapshot() == state.engine.snapshot()
    for one in (state, twin):
        play = np.random.RandomState(4)
        while not one.is_terminal():
            legal = one.legal_actions()
            one.apply_action(legal[play.randint(len(legal))])
    assert twin.returns() == state.returns() and twin.engine.snapshot() == state.engine.snapshot()


@pytest.mark.parametrize("copier", COPIERS, ids=["pickle", "deepcopy"])
def test_vector_env(copier: Callable[[Any], Any]) -> None:
    envs = gs_gym.vector_env("filthy-rich", 2, players=2)
    _, info = envs.reset(seed=9)
    twin = copier(envs)
    rng = np.random.default_rng(0)
    for _ in range(40):
        actions = np.array([int(rng.choice(m.nonzero()[0])) if m.any() else 0 for m in info["action_mask"]])
        first, second = envs.step(actions), twin.step(actions)
        for a, b in zip(first[:4], second[:4], strict=True):
            assert np.array_equal(a, b)
        info = first[4]
