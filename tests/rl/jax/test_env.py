"""The pgx face of the JAX games (issue 46): ``make``, ``resample``, ``sample_legal``.

pgx's own wrapper (``pgx.experimental.auto_reset``) and sampler must run on
our environment unchanged; ``resample`` must keep every thing the player has
seen and redraw the rest; ``sample_legal`` must only ever pick legal ids, and
each of them about equally often."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gameshelf.core.registry import load_game  # noqa: E402
from gameshelf.rl.jax import GAMES, make, sample_legal  # noqa: E402
from gameshelf.rl.jax import dicey_farm as df  # noqa: E402
from tests.rl.jax.walk import check_pgx_step_rules, walk  # noqa: E402

ENV = make("dicey-farm")
STEP = jax.jit(ENV.step)
RESAMPLE = jax.jit(ENV.resample)



def test_make_gives_the_names_pgx_reads() -> None:
    assert set(GAMES) == {"dicey-farm", "filthy-rich"}
    assert (ENV.id, ENV.num_players, ENV.num_actions, ENV.observation_shape) == ("dicey-farm", 1, df.N_ACTIONS, (df.OBS_SIZE,))
    assert ENV.version == load_game("dicey-farm").rules_version
    state = ENV.init(jax.random.key(0))
    for name in ("current_player", "legal_action_mask", "rewards", "terminated", "truncated", "observation"):
        assert hasattr(state, name), name
    assert state.replace(rewards=jnp.ones(1)).rewards[0] == 1 and state.rewards[0] == 0
    assert np.array_equal(ENV.observe(state), df.observe(state))


@pytest.mark.parametrize(("game", "options"), [("chess", {}), ("dicey-farm", {"players": 2}), (1, {})])
def test_make_refuses_what_it_does_not_have(game: object, options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        make(game, **options)  # type: ignore[arg-type]


def test_a_daily_env_deals_that_day_s_puzzle_every_time() -> None:
    env = make("dicey-farm", daily="2026-11-27")
    a, b = env.init(jax.random.key(0)), env.init(jax.random.key(1))
    assert np.array_equal(a.deal_dice, b.deal_dice) and np.array_equal(a.deal_dice, df.engine_deal(daily="2026-11-27")[1])
    with pytest.raises(ValueError):
        make("dicey-farm", daily="0000-00-00")


def test_pgx_auto_reset_and_its_random_player_run_unchanged() -> None:
    px = pytest.importorskip("pgx.experimental")
    batch = 16
    step = jax.jit(jax.vmap(px.auto_reset(ENV.step, ENV.init)))
    state = jax.jit(jax.vmap(ENV.init))(jax.random.split(jax.random.key(1), batch))
    key = jax.random.key(2)
    ended = 0
    for _ in range(260):  # a random game lasts about 100 moves
        key, k_act, k_step = jax.random.split(key, 3)
        action = px.act_randomly(k_act, state.legal_action_mask)
        assert bool(state.legal_action_mask[jnp.arange(batch), action].all())
        state = step(state, action, jax.random.split(k_step, batch))
        ended += int(state.terminated.sum())
        assert state.observation.shape == (batch, df.OBS_SIZE)
    assert ended >= batch, "every game should have ended and restarted at least once"


def test_resample_keeps_what_the_player_has_seen_and_redraws_the_rest() -> None:
    states = walk(ENV.init, STEP, 3, 400)
    redrawn = {"deck": 0, "dice": 0, "wares": 0}
    for i, state in enumerate(states[::7]):
        world = RESAMPLE(state, jax.random.key(100 + i))
        assert np.array_equal(world.observation, state.observation)
        assert np.array_equal(world.legal_action_mask, state.legal_action_mask)
        assert int(df.score(world)) == int(df.score(state))
        pos, rnd = int(state.deck_pos), int(state.round)
        assert np.array_equal(world.deal_deck[:pos], state.deal_deck[:pos])
        assert sorted(np.asarray(world.deal_deck).tolist()) == sorted(np.asarray(state.deal_deck).tolist())
        assert np.array_equal(world.deal_dice[:rnd], state.deal_dice[:rnd])
        assert np.array_equal(world.deal_ware_good[:rnd], state.deal_ware_good[:rnd])
        redrawn["deck"] += not np.array_equal(world.deal_deck, state.deal_deck)
        redrawn["dice"] += not np.array_equal(world.deal_dice, state.deal_dice)
        redrawn["wares"] += not np.array_equal(world.deal_ware_qty, state.deal_ware_qty)
    assert all(n > 0 for n in redrawn.values()), redrawn


def test_a_resampled_world_plays_on_like_the_real_one_until_something_new_is_seen() -> None:
    """Until the display is refilled from the deck or the next round is rolled,
    nothing new is revealed: the same moves give the same views in both."""
    compared = 0
    for seed in range(4):
        state = ENV.init(jax.random.key(seed))
        world = RESAMPLE(state, jax.random.key(100 + seed))
        key = jax.random.key(200 + seed)
        while not bool(state.terminated):
            key, k = jax.random.split(key)
            action = sample_legal(k, state.legal_action_mask)
            nxt = STEP(state, action)
            if int(nxt.round) != int(state.round) or int(nxt.deck_pos) != int(state.deck_pos):
                break
            state, world = nxt, STEP(world, action)
            assert np.array_equal(world.observation, state.observation)
            compared += 1
    assert compared >= 8


def test_sample_legal_picks_only_legal_ids_and_each_about_equally() -> None:
    mask = jnp.zeros(df.N_ACTIONS, bool).at[jnp.array([0, 7, 64, 130, 184])].set(True)
    draws = jax.jit(jax.vmap(sample_legal, in_axes=(0, None)))(jax.random.split(jax.random.key(5), 20_000), mask)
    counts = np.bincount(np.asarray(draws), minlength=df.N_ACTIONS)
    assert counts[~np.asarray(mask)].sum() == 0
    chosen = counts[np.asarray(mask)]
    chi2 = float(((chosen - 4000) ** 2 / 4000).sum())
    assert chi2 < 20.5, chosen  # 4 degrees of freedom: p < 0.0005 by chance
    assert int(sample_legal(jax.random.key(0), jnp.zeros(9, bool))) == 0


def test_step_keeps_pgx_s_rules_an_illegal_id_loses_and_a_finished_game_stays() -> None:
    check_pgx_step_rules(walk(ENV.init, STEP, 4, 2000), STEP)
