"""Dicey Farm on JAX (``gameshelf.rl.jax.dicey_farm``): the engine's game.

The differential test replays engine games (random, greedy and boosted
starts, and a Daily Mode puzzle) through the JAX rules and compares every
field after every step; the full run of ten thousand games and more is
``benchmarks/jax_dicey_farm_check.py``.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from gameshelf.core import tensor  # noqa: E402
from gameshelf.core.registry import load_game  # noqa: E402
from gameshelf.games.dicey_farm import actions as A  # noqa: E402
from gameshelf.rl.jax import dicey_farm as df  # noqa: E402
from gameshelf.rl.jax.dicey_farm import _legal, check  # noqa: E402

GAME = load_game("dicey-farm")


def test_import_gameshelf_imports_no_jax() -> None:
    code = (
        "import sys, gameshelf, gameshelf.rl\n"
        "s = gameshelf.load_game('dicey-farm').new_game(1, 1)\n"
        "s.apply(s.legal_actions()[0]); s.observation(0)\n"
        "print(sorted(m for m in ('jax', 'jaxlib', 'optax') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_ids_and_tensor_are_the_engines() -> None:
    assert GAME.num_distinct_actions == df.N_ACTIONS
    assert tensor.tensor_size(GAME) == df.OBS_SIZE


def test_differential_a_few_hundred_games() -> None:
    """Random, greedy and boosted games: every field equal after every step."""
    games, steps, problems = check.run(240, first_seed=0, batch=120, mix=(0.5, 0.1, 0.4))
    assert games == 240 and steps > 240 * 60
    assert problems == []


def test_differential_daily_mode() -> None:
    """Daily Mode's fixed tables: the date's deal, replayed from the engine's streams."""
    games = [check.play_engine(seed, "random", daily=f"2026-11-{day:02d}") for seed, day in ((0, 27), (1, 28))]
    assert check.compare(games) == []


def _start(**changes: object) -> df.State:
    s = df.init_with_deal(*df.engine_deal(3))
    s = dataclasses.replace(s, **changes)
    return dataclasses.replace(s, legal_action_mask=_legal.legal_mask(s))


def _play(s: df.State, *actions: A.Action) -> df.State:
    step = jax.jit(df.step)
    for a in actions:
        i = GAME.action_id(a)
        assert bool(s.legal_action_mask[i]), f"{a} is not legal"
        s = step(s, i)
    return s


SOWER = df._tables.CM["sower"]
NO_SEEDS = {"goods": _start().goods.at[jnp.array([df._tables.G[g] for g in ("wheat_seed", "vegetable_seed", "flower_seed")])].set(0)}


@pytest.mark.parametrize("sower", [False, True])
def test_sowing_nothing(sower: bool) -> None:
    """Rules 1.02-3 (RULES.md D33, issue 29): sowing nothing spends the die,
    with or without the Sower; with the Sower hired its 1 still comes."""
    s = _start(hired=_start().hired.at[SOWER].set(sower), **NO_SEEDS)
    face = int(jnp.argmax(s.dice > 0)) + 1
    before = s.dice
    s = _play(s, A.PickDie(face), A.Use("sow"))
    expected = before.at[face - 1].add(-1)
    expected = expected.at[0].add(1) if sower else expected
    assert s.dice.tolist() == expected.tolist()
    assert int(s.phase) == df._tables.PH["main"]


def test_sowing_some_returns_the_rest_and_the_sower_adds_one() -> None:
    goods = _start().goods.at[df._tables.G["wheat_seed"]].set(1)
    s = _start(hired=_start().hired.at[SOWER].set(True), fields=jnp.asarray(4), goods=goods)
    face = 6 if int(s.dice[5]) else int(jnp.argmax(s.dice > 0)) + 1
    before = s.dice
    s = _play(s, A.PickDie(face), A.Use("sow"), A.Sow("wheat"))
    expected = before.at[face - 1].add(-1).at[0].add(1)
    if face > 1:
        expected = expected.at[face - 2].add(1)
    assert s.dice.tolist() == expected.tolist()


def test_batched_games_end_and_rewards_sum_to_the_score() -> None:
    keys = jax.random.split(jax.random.key(7), 16)
    s = jax.vmap(df.init)(keys)

    @jax.jit
    def play(s: df.State, key: jax.Array) -> tuple[df.State, jax.Array]:
        def body(carry: tuple[df.State, jax.Array], k: jax.Array) -> tuple[tuple[df.State, jax.Array], None]:
            state, total = carry
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            state = jax.vmap(df.step)(state, jax.random.categorical(k, logits))
            return (state, total + state.rewards[:, 0]), None

        (s, total), _ = jax.lax.scan(body, (s, jnp.zeros(16)), jax.random.split(key, 1500))
        return s, total

    s, total = play(s, jax.random.key(1))
    assert bool(jnp.all(s.terminated))
    assert jnp.array_equal(total, jax.vmap(df.score)(s).astype(jnp.float32))
    after = jax.vmap(df.step)(s, jnp.zeros(16, jnp.int32))
    assert jnp.array_equal(after.goods, s.goods) and not bool(jnp.any(after.rewards))


@pytest.mark.parametrize("bad", [{"seed": True}, {"seed": 1.0}, {"seed": 2**80}, {"daily": "2026-13-01"}, {"daily": 20261127}])
def test_engine_deal_refuses_what_the_engine_refuses(bad: dict[str, object]) -> None:
    from gameshelf.core.errors import SetupError

    with pytest.raises((ValueError, SetupError)):
        df.engine_deal(**bad)  # type: ignore[arg-type]
