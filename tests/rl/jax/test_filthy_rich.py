"""Filthy Rich on JAX (``gameshelf.rl.jax.filthy_rich``): the engine's game.

The differential test replays engine games of every player count through the
JAX rules and compares every field, the legal mask, the tensor of the seat to
decide and the rewards after every step; the full run of ten thousand games
is ``benchmarks/jax_filthy_rich_check.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gameshelf.core import tensor  # noqa: E402
from gameshelf.core.registry import load_game  # noqa: E402
from gameshelf.rl.jax import filthy_rich as fr  # noqa: E402
from gameshelf.rl.jax.filthy_rich import check  # noqa: E402

GAME = load_game("filthy-rich")


def test_ids_tensor_and_rules_version_are_the_engines() -> None:
    assert GAME.num_distinct_actions == fr.N_ACTIONS
    assert tensor.tensor_size(GAME) == fr.OBS_SIZE
    assert GAME.rules_version == fr.RULES_VERSION


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_differential_every_player_count(players: int) -> None:
    """Random legal play: every field, mask, tensor and reward equal after every step."""
    games = [check.play_engine(seed, players) for seed in range(100 * players, 100 * players + 6)]
    assert all(g.finished for g in games)
    assert sum(len(g.actions) for g in games) > 6 * 40
    assert any(g.reshuffled for g in games), "some game should reshuffle the deck"
    assert check.compare(games, pad_to=1024) == []


def test_the_deal_is_the_engines() -> None:
    """Hands from the top of the engine's shuffled deck, seat 0 first."""
    for players in (2, 5):
        s = GAME.new_game(players, seed=11)
        j = fr.init_with_deal(fr.engine_deal(11), players)
        fields = check.engine_fields(s, 0)  # type: ignore[arg-type]
        for name in ("hand", "deck_n", "money", "phase"):
            assert np.array_equal(fields[name], np.asarray(getattr(j, name))), name
        assert np.array_equal(fields["legal_action_mask"], np.asarray(j.legal_action_mask))
        assert np.array_equal(fields["observation"], np.asarray(j.observation))


def test_batched_random_games_end_with_one_winner_rewarded_once() -> None:
    batch, players = 8, 3
    state = jax.vmap(lambda k: fr.init(k, players))(jax.random.split(jax.random.key(3), batch))

    @jax.jit
    def play(s: fr.State, key: jax.Array) -> tuple[fr.State, jax.Array]:
        def body(carry: tuple[fr.State, jax.Array], k: jax.Array) -> tuple[tuple[fr.State, jax.Array], None]:
            state, total = carry
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            state = jax.vmap(fr.step)(state, jax.random.categorical(k, logits))
            return (state, total + state.rewards), None

        (s, total), _ = jax.lax.scan(body, (s, jnp.zeros((batch, players))), jax.random.split(key, 3000))
        return s, total

    s, total = play(state, jax.random.key(4))
    assert bool(jnp.all(s.terminated))
    assert np.array_equal(np.asarray(total), np.eye(players, dtype=np.float32)[np.asarray(s.winner)])
    after = jax.vmap(fr.step)(s, jnp.zeros(batch, jnp.int32))
    assert np.array_equal(after.money, s.money) and not bool(jnp.any(after.rewards))


@pytest.mark.parametrize("players", [1, 6, 2.0, True])
def test_init_refuses_what_the_engine_refuses(players: object) -> None:
    with pytest.raises(ValueError):
        fr.init_with_deal(fr.engine_deal(0), players)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [True, 1.0, 2**80])
def test_engine_deal_refuses_a_bad_seed(seed: object) -> None:
    with pytest.raises(ValueError):
        fr.engine_deal(seed)  # type: ignore[arg-type]
