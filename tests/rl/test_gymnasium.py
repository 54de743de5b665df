"""The Gymnasium adapter passes Gymnasium's own checker on every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import gameshelf.rl.gymnasium as gs_gym  # noqa: E402
from tests.rl.conftest import GAME_IDS  # noqa: E402

#: every shipped game's Gymnasium id (the registry's order)
IDS = [gs_gym.env_id(g) for g in GAME_IDS]


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasiums_checker_passes(env_id: str) -> None:
    env = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker warning fails the test
        check_env(env.unwrapped, skip_render_check=False)


def test_ids_follow_the_game_ids() -> None:
    assert gs_gym.env_id("pay-dirt") == "gameshelf/PayDirt-v0"
    assert gs_gym.env_id("above-and-below") == "gameshelf/AboveAndBelow-v0"
    assert set(IDS) <= set(gymnasium.registry)


def _play(env: gymnasium.Env, seed: int) -> tuple[list[float], float, dict]:
    obs, info = env.reset(seed=seed)
    trace = [float(obs.sum())]
    rng = __import__("random").Random(seed)
    total = 0.0
    while True:
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
        total += reward
        trace.append(float(obs.sum()))
        assert not info["illegal"] and not truncated
        if terminated:
            return trace, total, info


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_is_reproducible_and_pays_the_final_score(game_id: str) -> None:
    env = gs_gym.GameshelfEnv(game_id, opponents="random")
    first = _play(env, 5)
    again = _play(env, 5)
    assert first[0] == again[0]
    assert first[1] == first[2]["scores"][0]


def test_win_reward_and_bot_opponents() -> None:
    env = gs_gym.GameshelfEnv("filthy-rich", players=2, seat=1, opponents=["greedy"], reward="win")
    _, total, info = _play(env, 2)
    assert total == (1.0 if info["winners"][1] == 1 else 0.0)


def test_an_illegal_id_plays_nothing_and_costs_the_penalty() -> None:
    env = gs_gym.GameshelfEnv("pay-dirt", players=2)
    obs, info = env.reset(seed=1)
    illegal = int(list(info["action_mask"]).index(0))
    before = env.state.snapshot()
    obs2, reward, terminated, _, info2 = env.step(illegal)
    assert reward == -1.0 and info2["illegal"] and not terminated
    assert env.state.snapshot() == before and (obs2 == obs).all()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"game": "chess"}, ValueError),
        ({"game": "pay-dirt", "players": 9}, ValueError),
        ({"game": "pay-dirt", "players": 3.0}, TypeError),
        ({"game": "pay-dirt", "players": True}, TypeError),
        ({"game": "pay-dirt", "seat": 4, "players": 2}, ValueError),
        ({"game": "pay-dirt", "opponents": ["random"] * 3, "players": 2}, ValueError),
        ({"game": "pay-dirt", "opponents": "nobody"}, KeyError),
        ({"game": "pay-dirt", "reward": "gold"}, ValueError),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, error: type[Exception]) -> None:
    with pytest.raises(error):
        gs_gym.GameshelfEnv(**kwargs)


@pytest.mark.parametrize("action", [True, 1.0, "1", -1, 10**6, np.bool_(True), np.float32(1), np.array([1]),
                                    np.array(1.0), np.array(True)])
def test_bad_action_ids_raise_and_change_nothing(action: object) -> None:
    env = gs_gym.GameshelfEnv("dicey-farm")
    env.reset(seed=0)
    before = env.state.snapshot()
    with pytest.raises((TypeError, ValueError)):
        env.step(action)
    assert env.state.snapshot() == before


@pytest.mark.parametrize("wrap", [int, np.int64, np.int32, np.array])
def test_an_integer_of_any_integer_type_is_an_action_id(wrap: object) -> None:
    """What a policy hands back: a Python int, a numpy integer, or a 0-d
    integer array (``np.argmax`` of one row); each plays the same move."""
    env = gs_gym.GameshelfEnv("dicey-farm")
    _, info = env.reset(seed=0)
    first = int(np.flatnonzero(info["action_mask"])[0])
    env.step(wrap(first))  # type: ignore[operator]
    twin = gs_gym.GameshelfEnv("dicey-farm")
    twin.reset(seed=0)
    twin.step(first)
    assert env.state.snapshot() == twin.state.snapshot()


def test_render_ansi_shows_the_seats_view() -> None:
    env = gs_gym.GameshelfEnv("dicey-farm", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text.strip()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_checker_passes_at_every_player_count_and_seat(game_id: str) -> None:
    from gameshelf.core.registry import load_game

    game = load_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for seat in range(players):
            made = gymnasium.make(gs_gym.env_id(game_id), players=players, seat=seat, opponents="greedy")
            env = made.unwrapped
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                check_env(env)
            _play(env, players * 10 + seat)


def test_a_vector_env_reports_numeric_scores_and_winners_and_a_zero_final_mask() -> None:
    envs = gs_gym.vector_env("pay-dirt", 2, players=3, opponents="random")
    _, info = envs.reset(seed=4)
    rng = np.random.default_rng(1)
    ended = np.zeros(2, bool)
    for _ in range(2_000):
        actions = np.array([int(rng.choice(m.nonzero()[0])) if m.any() else 0 for m in info["action_mask"]])
        _, reward, terminated, _, info = envs.step(actions)
        if terminated.any():
            assert info["scores"].dtype == np.float64 and info["scores"].shape == (2, 3)
            assert info["winners"].dtype == np.int8 and info["winners"].shape == (2, 3)
            for k in terminated.nonzero()[0]:
                assert info["_scores"][k] and reward[k] == info["scores"][k, 0]
                assert info["winners"][k].sum() >= 1
                assert not info["action_mask"][k].any(), "nothing is legal once the game is over"
            ended |= terminated
        if ended.all():
            return
    raise AssertionError("no game ended")


def test_vector_env_refuses_bad_settings() -> None:
    with pytest.raises(ValueError):
        gs_gym.vector_env("pay-dirt", 0)
    with pytest.raises(TypeError):
        gs_gym.vector_env("pay-dirt", 2.0)
    with pytest.raises(ValueError):
        gs_gym.vector_env("pay-dirt", 2, seat=7)
