"""The OpenSpiel adapter passes pyspiel's random_sim_test with serialisation
on, and OpenSpiel's IS-MCTS bot plays a game of each to the end."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import gameshelf.rl.openspiel as gs_os  # noqa: E402
from gameshelf.core.registry import load_game  # noqa: E402
from tests.rl.conftest import GAME_IDS  # noqa: E402

#: every shipped game's OpenSpiel name (the registry's order)
NAMES = [gs_os.game_name(g) for g in GAME_IDS]


def _players(name: str) -> int:
    """Three seats, or as many as the game allows (Dicey Farm is solo)."""
    return min(3, load_game(GAME_IDS[NAMES.index(name)]).max_players)


def test_names_follow_the_game_ids() -> None:
    assert gs_os.game_name("pay-dirt") == "gameshelf_pay_dirt"
    assert gs_os.game_name("above-and-below") == "gameshelf_above_and_below"
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", NAMES)
def test_game_type_is_imperfect_information_with_explicit_chance(name: str) -> None:
    game = pyspiel.load_game(name, {"players": _players(name)})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == _players(name)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 256


@pytest.mark.parametrize("name", NAMES)
def test_pyspiels_random_sim_test_passes_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(name, {"players": _players(name)})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _play(game, bot, seed: int):  # type: ignore[no-untyped-def]
    """Seat 0 is ``bot``; the other seats and chance play uniformly at random."""
    rs = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rs.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rs.randint(len(legal))])
    return state


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_ismcts_bot_plays_a_game_to_the_end(name: str) -> None:
    game = pyspiel.load_game(name, {"players": _players(name)})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rs)
    state = _play(game, bot, 1)
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_ismcts_with_a_real_budget_and_more_random_sims(name: str) -> None:
    kind = pyspiel.load_game(name, {"players": _players(name)}).get_type()
    for players in range(kind.min_num_players, kind.max_num_players + 1):
        for reward in ("win", "score") if players > 1 else ("score",):
            each = pyspiel.load_game(name, {"players": players, "reward": reward})
            pyspiel.random_sim_test(each, num_sims=2, serialize=True, verbose=False)
    game = pyspiel.load_game(name, {"players": _players(name)})
    rs = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=25, random_state=rs)
    assert _play(game, bot, 2).is_terminal()


def _midgame(name: str, steps: int = 60):  # type: ignore[no-untyped-def]
    game = pyspiel.load_game(name, {"players": _players(name)})
    state = game.new_initial_state()
    rs = np.random.RandomState(0)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(int(rs.randint(256)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rs.randint(len(legal))])
    return game, state


@pytest.mark.parametrize("name", NAMES)
def test_resampled_worlds_keep_what_the_seat_knows(name: str) -> None:
    _, state = _midgame(name)
    player = state.current_player()
    for k in range(3):
        world = state.resample_from_infostate(player, lambda k=k: 0.1 + 0.2 * k)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", NAMES)
def test_serialisation_and_pickle_round_trip(name: str) -> None:
    game, state = _midgame(name)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.engine.snapshot() == state.engine.snapshot()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)


def test_strings_hide_what_the_seat_cannot_see() -> None:
    _, state = _midgame("gameshelf_filthy_rich", 40)
    mine = state.observation_string(0)
    assert '"hand": [' in mine  # its own hand
    assert state.observation_string(1) != mine
    assert '"log"' not in mine and '"log"' in state.information_state_string(0)


@pytest.mark.parametrize(("params", "error"), [({"players": 9}, ValueError), ({"reward": "gold"}, ValueError)])
def test_bad_parameters_are_refused(params: dict, error: type[Exception]) -> None:
    with pytest.raises((error, pyspiel.SpielError)):
        pyspiel.load_game("gameshelf_pay_dirt", params)


@pytest.mark.parametrize("name", NAMES)
def test_the_game_type_offers_no_information_state_tensor(name: str) -> None:
    game = pyspiel.load_game(name, {"players": _players(name)})
    kind = game.get_type()
    assert not kind.provides_information_state_tensor and kind.provides_information_state_string
    assert kind.provides_observation_tensor
    _, state = _midgame(name)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size() > 0


def _answer(ask: Any, player: Any) -> Any:
    try:
        return ask(player)
    except pyspiel.SpielError as error:
        return str(error)


@pytest.mark.parametrize("name", NAMES)
def test_python_queries_answer_as_pyspiels_own(name: str) -> None:
    """``legal_actions`` and ``is_chance_node`` are answered in Python (no
    crossing into C++); pyspiel's own methods must say exactly the same at
    every node, for every player, the end included."""
    players = _players(name)
    game = pyspiel.load_game(name, {"players": players})
    state = game.new_initial_state()
    rs = np.random.RandomState(7)
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in (*range(players), pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL):
            assert _answer(state.legal_actions, player) == _answer(
                lambda p: pyspiel.State.legal_actions(state, p), player
            ), player
        if state.is_terminal():
            assert state.legal_actions() == []
            return
        legal = state.legal_actions()
        state.apply_action(legal[rs.randint(len(legal))])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_stay_well_inside_the_length_limit(game_id: str) -> None:
    """The derived max_game_length is realistic: a few times the longest
    random game, never reached by one."""
    import random

    from gameshelf.core.registry import load_game

    game = load_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        limit = pyspiel.load_game(gs_os.game_name(game_id), {"players": players}).max_game_length()
        assert limit == gs_os.default_max_game_length(game_id, players)
        longest = 0
        for seed in range(25):
            state, rng = game.new_game(players, seed), random.Random(seed)
            while not state.is_over:
                state.apply_unchecked(rng.choice(state.legal_actions()))
            longest = max(longest, gs_os.SEED_NODES + len(state.history))
        assert longest * 1.5 < limit < longest * 12, (players, longest, limit)


def test_a_game_at_the_length_limit_ends_paying_nobody() -> None:
    game = pyspiel.load_game("gameshelf_pay_dirt", {"players": 3, "max_game_length": 40})
    state = game.new_initial_state()
    rs = np.random.RandomState(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rs.randint(len(legal))])
    assert state.move_number() == 40 and not state.engine.is_over
    assert state.returns() == [0.0, 0.0, 0.0] and state.legal_actions() == []
    with pytest.raises(Exception):  # noqa: B017 (pyspiel's error or the engine's game-over)
        state.apply_action(0)
    assert state.move_number() == 40 and state.is_terminal()
    for copy_ in (state.clone(), pickle.loads(pickle.dumps(state))):
        assert copy_.is_terminal() and copy_.returns() == [0.0, 0.0, 0.0]
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game("gameshelf_pay_dirt", {"max_game_length": 3})
