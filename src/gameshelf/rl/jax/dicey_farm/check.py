"""The proof that the JAX rules are the engine's: play both, compare all.

:func:`run` plays engine games (random, greedy or boosted starts), records
every action id and, after every step, every field of the engine's state in
the JAX representation; then it plays the same deals and ids through the JAX
``step`` (``vmap`` over games, ``lax.scan`` over steps) and compares every
field, the legal mask, the observation tensor, the reward and, at the end,
the final VP by source. Used by the CI test (a few hundred games) and by
``benchmarks/jax_dicey_farm_check.py`` (ten thousand and more).

Boosted starts reach the rules that plain play rarely meets (the scoring
craftsmen's conditions, the stable, the smokehouse, the tourism cap...): the
deck is re-ordered, some displayed craftsmen are hired, facilities built and
goods added and fields set before the first decision, to both sides alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.dicey_farm.state import DiceyFarmState
from gameshelf.rl.jax import dicey_farm as df
from gameshelf.rl.jax.dicey_farm import _legal
from gameshelf.rl.jax.dicey_farm import _tables as T

POLICIES = ("random", "greedy", "boosted")
#: the fields compared at every step (the State's, bar the deal and sow_face)
FIELDS = ("round", "phase", "dice", "held", "left", "kept", "goods", "fields", "sown", "built", "hired",
          "acquired", "display", "deck_pos", "gone", "used", "plough_face", "ploughs", "recruited", "vp",
          "beggars", "final", "terminated")


@dataclasses.dataclass(frozen=True)
class Boost:
    """A start to both sides: the deck order, the first ``hire`` displayed
    craftsmen hired, facilities built, goods added, ``fields`` owned."""

    deck: tuple[int, ...]
    hire: int
    built: tuple[int, ...]
    goods: tuple[int, ...]
    fields: int


def random_boost(seed: int) -> Boost:
    rng = Stream(derive_seed("jax-check-boost", seed))
    deck = tuple(rng.shuffled(range(T.N_CRAFTSMEN)))
    built = tuple(f for f in range(T.N_FACILITIES) if rng.random() < 0.5)
    goods = [0] * T.N_GOODS
    for name in T.GOODS:
        if name not in ("butter", "horse") and rng.random() < 0.4:
            goods[T.G[name]] = rng.randint(1, 6)
    goods[T.G["food"]] += rng.randint(0, 12)
    species = sum(1 for a in T.ANIMALS if goods[T.G[a]])  # each needs its own field
    return Boost(deck, rng.randint(1, 5), built, tuple(goods), T.K["start_fields"] + species + rng.randint(0, 7))


def boost_engine(s: DiceyFarmState, b: Boost) -> None:
    order = [T.CRAFTSMEN[i] for i in b.deck]
    s.display, s.deck = order[:T.DISPLAY], tuple(order[T.DISPLAY:])
    s.hired = tuple(s.display[: b.hire])
    s.display = s.display[b.hire:]
    s.built = tuple(T.FACILITIES[f] for f in sorted(b.built))
    for k, n in enumerate(b.goods):
        s.goods[T.GOODS[k]] += n
    s.fields = b.fields


def boost_jax(s: df.State, b: Boost) -> df.State:
    display = jnp.asarray(b.deck[b.hire:T.DISPLAY] + (-1,) * b.hire, jnp.int32)
    hired = np.zeros(T.N_CRAFTSMEN, bool)
    hired[list(b.deck[: b.hire])] = True
    built = np.zeros(T.N_FACILITIES, bool)
    built[list(b.built)] = True
    s = dataclasses.replace(
        s, deal_deck=jnp.asarray(b.deck, jnp.int32), display=display, deck_pos=jnp.asarray(T.DISPLAY, jnp.int32),
        hired=jnp.asarray(hired), built=jnp.asarray(built), goods=s.goods + jnp.asarray(b.goods, jnp.int32),
        fields=jnp.asarray(b.fields, jnp.int32))
    return dataclasses.replace(s, legal_action_mask=_legal.legal_mask(s))


# -- the engine's state in the JAX representation ------------------------------------------
def _mask(names: Any, index: dict[str, int], size: int) -> np.ndarray:
    out = np.zeros(size, bool)
    out[[index[n] for n in names]] = True
    return out


def engine_fields(s: DiceyFarmState) -> dict[str, np.ndarray]:
    """Every compared field of an engine state, as the JAX state holds it."""
    dice = np.zeros(6, np.int32)
    for d in s.dice:
        dice[d - 1] += 1
    acquired = np.full(T.N_ACQUIRABLE, -1, np.int32)
    for k, item in enumerate(s.acquired):
        acquired[T.CM[item] if item in T.CM else T.N_CRAFTSMEN + T.FAC[item]] = k
    display = np.full(T.DISPLAY, -1, np.int32)
    display[: len(s.display)] = [T.CM[c] for c in s.display]
    final = np.zeros(len(df.FINAL_KEYS), np.int32)
    if s.final is not None:
        final[:] = [s.final[k] for k in df.FINAL_KEYS]
    game = s.game
    legal = np.zeros(T.N_ACTIONS, bool)
    legal[[game.action_id(a) for a in s.legal_actions()]] = True
    if s.is_over:
        legal[:] = True
    return {
        "round": np.int32(s.round), "phase": np.int32(T.PH[s.phase]), "dice": dice,
        "held": np.int32(s.held), "left": np.int32(s.left),
        "kept": _mask(s.kept, T.CM, T.N_CRAFTSMEN),
        "goods": np.array([s.goods[g] for g in T.GOODS], np.int32), "fields": np.int32(s.fields),
        "sown": np.array([s.sown[c] for c in T.CROPS], np.int32),
        "built": _mask(s.built, T.FAC, T.N_FACILITIES), "hired": _mask(s.hired, T.CM, T.N_CRAFTSMEN),
        "acquired": acquired, "display": display, "deck_pos": np.int32(T.N_CRAFTSMEN - len(s.deck)),
        "gone": _mask(s.gone, T.CM, T.N_CRAFTSMEN), "used": _mask(s.used, T.U, len(T.USED)),
        "plough_face": np.int32(s.plough_face), "ploughs": np.int32(s.ploughs),
        "recruited": np.bool_(s.recruited), "vp": np.array([s.vp[k] for k in df.VP_KEYS], np.int32),
        "beggars": np.int32(s.beggars), "final": final, "terminated": np.bool_(s.is_over),
        "legal_action_mask": legal, "observation": s.observation_tensor(0),
        "score": np.float32(s.scores()[0]),
        "wares": np.array([[T.G[g] * 100 + q for g, q in s.wares[m][: T.SLOTS]] for m in T.MERCHANTS], np.int32),
    }


def jax_fields(s: df.State) -> dict[str, jax.Array]:
    """The same fields read from a JAX state (works batched)."""
    out = {k: getattr(s, k) for k in FIELDS}
    out["legal_action_mask"] = s.legal_action_mask
    out["observation"] = df.observe(s)
    out["score"] = df.score(s).astype(jnp.float32)
    r = s.round - 1
    out["wares"] = s.deal_ware_good[r] * 100 + s.deal_ware_qty[r]
    return out


# -- playing ------------------------------------------------------------------------------
@dataclasses.dataclass
class EngineGame:
    seed: int
    daily: str
    policy: str
    boost: Boost | None
    actions: list[int]
    snapshots: list[dict[str, np.ndarray]]
    rewards: list[float]


def play_engine(seed: int, policy: str, daily: str = "") -> EngineGame:
    """One engine game under ``policy`` ("random", "greedy" or "boosted":
    a boosted start played by the greedy bot one time in five, else at random); with
    ``daily``, that date's Daily Mode puzzle."""
    from gameshelf.bots import make_bot
    from gameshelf.core.registry import load_game

    game = load_game("dicey-farm")
    s = game.new_game(1, seed=seed, options={"daily": daily} if daily else None)
    assert isinstance(s, DiceyFarmState)
    boost = random_boost(seed) if policy == "boosted" else None
    if boost is not None:
        boost_engine(s, boost)
    greedy = policy == "greedy" or (policy == "boosted" and seed % 5 == 0)
    bot = make_bot("greedy", seed=seed, game=game) if greedy else None
    pick = Stream(derive_seed("jax-check-random", seed))
    from gameshelf.bots import PlayerView

    actions: list[int] = []
    snaps = [engine_fields(s)]
    rewards: list[float] = []
    while not s.is_over:
        before = s.scores()[0]
        action = bot.choose(PlayerView(s, 0)) if bot is not None else pick.choice(s.legal_actions())
        actions.append(game.action_id(action))
        s.apply(action, 0)
        s.check_invariants()
        rewards.append(s.scores()[0] - before)
        snaps.append(engine_fields(s))
    return EngineGame(seed, daily, policy, boost, actions, snaps, rewards)


@jax.jit
def _replay(start: df.State, actions: jax.Array) -> tuple[dict[str, jax.Array], jax.Array]:
    """Every game of the batch through its ids; per step its fields and reward."""

    def one(state: df.State, action: jax.Array) -> tuple[df.State, tuple[dict[str, jax.Array], jax.Array]]:
        nxt = jax.vmap(df.step)(state, action)
        return nxt, (jax.vmap(jax_fields)(nxt), nxt.rewards[:, 0])

    _, (fields, rewards) = jax.lax.scan(one, start, actions.T)
    return fields, rewards


def _start(game: EngineGame) -> df.State:
    s = df.init_with_deal(*df.engine_deal(game.seed, game.daily))
    return boost_jax(s, game.boost) if game.boost is not None else s


def compare(games: Sequence[EngineGame], batch: int = 0, pad_to: int = 128) -> list[str]:
    """Replay ``games`` in JAX; one line per game that differs (empty: all
    equal). The batch is padded to ``batch`` games and the steps to a
    multiple of ``pad_to``, so that a run compiles the replay once or twice."""
    steps = max(len(g.actions) for g in games)
    steps = -(-steps // pad_to) * pad_to
    padded = list(games) + [games[0]] * max(0, batch - len(games))
    actions = np.zeros((len(padded), steps), np.int32)
    for k, g in enumerate(padded):
        actions[k, : len(g.actions)] = g.actions
    starts = [_start(g) for g in padded]
    start = jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), *starts)
    first = jax.device_get(jax.vmap(jax_fields)(start))
    fields, rewards = jax.device_get(_replay(start, jnp.asarray(actions)))
    problems = []
    for k, g in enumerate(games):
        for t, snap in enumerate(g.snapshots):
            got = {name: (first[name][k] if t == 0 else fields[name][t - 1, k]) for name in snap}
            bad = [name for name, want in snap.items() if not np.array_equal(np.asarray(want), got[name])]
            if t > 0 and rewards[t - 1, k] != np.float32(g.rewards[t - 1]):
                bad.append("rewards")
            if bad:
                problems.append(f"{g.policy} game seed {g.seed}{' daily ' + g.daily if g.daily else ''}, step {t} (after id "
                                f"{g.actions[t - 1] if t else '-'}): " + "; ".join(_diff(n, snap, got) for n in bad))
                break
    return problems


def _diff(name: str, snap: dict[str, np.ndarray], got: dict[str, Any]) -> str:
    if name not in snap:
        return name
    want, have = np.ravel(snap[name]), np.ravel(got[name])
    where = np.flatnonzero(want != have)[:6]
    return f"{name}[{', '.join(map(str, where))}]: engine {want[where].tolist()} jax {have[where].tolist()}"


def schedule(games: int, first_seed: int = 0, mix: tuple[float, float, float] = (0.4, 0.2, 0.4)) -> Iterator[tuple[int, str]]:
    """``games`` (seed, policy) pairs: random, greedy and boosted in ``mix``."""
    counts = [int(games * share) for share in mix]
    counts[0] += games - sum(counts)
    seed = first_seed
    for policy, n in zip(POLICIES, counts, strict=True):
        for _ in range(n):
            yield seed, policy
            seed += 1


def run(games: int, first_seed: int = 0, batch: int = 128,
        mix: tuple[float, float, float] = (0.4, 0.2, 0.4)) -> tuple[int, int, list[str]]:
    """Play and compare ``games`` games; (games, steps, problems)."""
    plan = list(schedule(games, first_seed, mix))
    problems: list[str] = []
    steps = 0
    for k in range(0, len(plan), batch):
        chunk = [play_engine(seed, policy) for seed, policy in plan[k: k + batch]]
        steps += sum(len(g.actions) for g in chunk)
        problems += compare(chunk, batch)
    return len(plan), steps, problems
