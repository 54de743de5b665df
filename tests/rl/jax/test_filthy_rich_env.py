"""Filthy Rich's pgx face (issue 46): ``make("filthy-rich", num_players=n)``,
pgx's ``auto_reset`` unchanged, and ``resample`` keeping everything the seat
to decide has seen while redrawing the other hands, the deck and the future."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gameshelf.core.registry import load_game  # noqa: E402
from gameshelf.rl.jax import filthy_rich as fr  # noqa: E402
from gameshelf.rl.jax import make, sample_legal  # noqa: E402
from tests.rl.jax.walk import check_pgx_step_rules, walk  # noqa: E402

ENV = make("filthy-rich", num_players=3)
STEP = jax.jit(ENV.step)
RESAMPLE = jax.jit(ENV.resample)


def test_make_gives_the_names_pgx_reads() -> None:
    assert (ENV.id, ENV.num_players, ENV.num_actions, ENV.observation_shape) == (
        "filthy-rich", 3, fr.N_ACTIONS, (fr.OBS_SIZE,))
    assert ENV.version == load_game("filthy-rich").rules_version
    assert make("filthy-rich").num_players == 2
    state = ENV.init(jax.random.key(0))
    for name in ("current_player", "legal_action_mask", "rewards", "terminated", "truncated", "observation"):
        assert hasattr(state, name), name
    assert state.rewards.shape == (3,)
    assert np.array_equal(ENV.observe(state), fr.observe(state))


@pytest.mark.parametrize("options", [{"num_players": 1}, {"num_players": 6}, {"num_players": 3.0},
                                     {"num_players": True}, {"players": 3}, {"single_tax": True}])
def test_make_refuses_what_it_does_not_have(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        make("filthy-rich", **options)


def test_pgx_auto_reset_and_its_random_player_run_unchanged() -> None:
    px = pytest.importorskip("pgx.experimental")
    batch = 8
    step = jax.jit(jax.vmap(px.auto_reset(ENV.step, ENV.init)))
    state = jax.jit(jax.vmap(ENV.init))(jax.random.split(jax.random.key(1), batch))

    @jax.jit
    def run(state: fr.State, key: jax.Array) -> tuple[fr.State, jax.Array]:
        def body(carry: tuple[fr.State, jax.Array], k: jax.Array) -> tuple[tuple[fr.State, jax.Array], jax.Array]:
            state, ended = carry
            k_act, k_step = jax.random.split(k)
            action = px.act_randomly(k_act, state.legal_action_mask)
            legal = state.legal_action_mask[jnp.arange(batch), action].all()
            state = step(state, action, jax.random.split(k_step, batch))
            return (state, ended + state.terminated.sum()), legal

        (state, ended), legal = jax.lax.scan(body, (state, jnp.zeros((), jnp.int32)), jax.random.split(key, 1500))
        return state, ended, legal.all()  # type: ignore[return-value]

    state, ended, legal = run(state, jax.random.key(2))  # type: ignore[misc]
    assert bool(legal)
    assert state.observation.shape == (batch, fr.OBS_SIZE)
    assert int(ended) >= batch, "every game should have ended and restarted at least once"


def _hidden(s: fr.State, seat: int) -> list[int]:
    """The cards ``seat`` cannot see: the deck's and the other hands'."""
    others = np.asarray(s.hand).any(0) & ~np.asarray(s.hand[seat])
    return sorted(np.asarray(s.deck[: int(s.deck_n)]).tolist() + np.flatnonzero(others).tolist())



def test_resample_keeps_what_the_seat_has_seen_and_redraws_the_rest() -> None:
    states = walk(ENV.init, STEP, 3, 400)
    redrawn = {"hands": 0, "deck": 0, "dice": 0}
    for i, state in enumerate(states[::5]):
        world = RESAMPLE(state, jax.random.key(100 + i))
        seat = int(state.current_player)
        assert np.array_equal(world.observation, state.observation)
        assert np.array_equal(world.legal_action_mask, state.legal_action_mask)
        assert np.array_equal(world.hand[seat], state.hand[seat])
        n = int(state.deck_n)
        # the same hidden cards, each hand and the deck keeping its count per reshuffle generation
        gen = np.asarray(state.card_gen)
        for p in range(3):
            assert np.array_equal(np.bincount(gen[np.asarray(world.hand[p])], minlength=40),
                                  np.bincount(gen[np.asarray(state.hand[p])], minlength=40))
        assert int(world.deck_n) == n
        assert _hidden(world, seat) == _hidden(state, seat)
        used = int(state.dice_pos)
        assert np.array_equal(world.deal_dice[:used], state.deal_dice[:used])
        redrawn["hands"] += not np.array_equal(world.hand, state.hand)
        redrawn["deck"] += not np.array_equal(world.deck[:n], state.deck[:n])
        redrawn["dice"] += not np.array_equal(world.deal_dice, state.deal_dice)
    assert all(k > 0 for k in redrawn.values()), redrawn


def test_a_resampled_world_plays_on_like_the_real_one_until_a_die_or_card_is_drawn() -> None:
    """Until something hidden is revealed (a roll, a draw), the same moves
    give the same views in both."""
    compared = 0
    for seed in range(3):
        state = ENV.init(jax.random.key(seed))
        world = RESAMPLE(state, jax.random.key(100 + seed))
        key = jax.random.key(200 + seed)
        seat = int(state.current_player)
        while not bool(state.terminated):
            key, k = jax.random.split(key)
            action = sample_legal(k, state.legal_action_mask)
            nxt = STEP(state, action)
            if (int(nxt.dice_pos) != int(state.dice_pos) or int(nxt.deck_n) != int(state.deck_n)
                    or int(nxt.current_player) != seat):
                break
            state, world = nxt, STEP(world, action)
            assert np.array_equal(world.observation, state.observation)
            compared += 1
    assert compared >= 3


def test_step_keeps_pgx_s_rules_an_illegal_id_loses_and_a_finished_game_stays() -> None:
    check_pgx_step_rules(walk(ENV.init, STEP, 5, 2000), STEP)
