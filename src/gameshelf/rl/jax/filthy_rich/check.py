"""The proof that the JAX rules are the engine's: play both, compare all.

:func:`play_engine` plays an engine game of ``n`` seats with random legal
moves, recording every action id and, after every step, the engine's state
in the JAX representation, the legal mask, the tensor of the seat to decide
and the rewards. :func:`compare` replays the same deals (``engine_deal``
with the reshuffles the engine game made) and ids through the JAX ``step``
(``vmap`` over games, ``lax.scan`` over steps) and compares every field.
Used by the CI test (a few games per player count) and by
``benchmarks/jax_filthy_rich_check.py`` (ten thousand).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.filthy_rich.state import FilthyRichState
from gameshelf.rl.jax import filthy_rich as fr
from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._state import LOT, N_RESHUFFLES, N_ROLLS, POOL, REMOVED

__all__ = ["MAX_TURNS", "N_RESHUFFLES", "EngineGame", "compare", "engine_fields", "jax_fields", "play_engine", "run", "schedule"]

#: a game is cut here (the deal holds N_ROLLS page dice): compared up to this turn
MAX_TURNS = N_ROLLS - 12
#: the fields compared at every step (as the JAX State holds them)
FIELDS = ("page", "money", "hand", "deck", "deck_n", "discard", "in_play", "lux_owner", "book", "sign_owner",
          "out_rank", "card_gen", "reshuffles", "winner", "turn", "turns", "round", "phase", "actions_left",
          "luxury_open", "rolled", "pending", "decider", "dice", "page_die", "taxes_left", "auction_high",
          "auction_leader", "auction_passes", "terminated")


def engine_fields(s: FilthyRichState, viewer: int) -> dict[str, np.ndarray]:
    """Every compared field of an engine state, as the JAX state holds it,
    with the legal mask and ``viewer``'s tensor."""
    n = s.players
    hand = np.zeros((n, T.N_CARDS), bool)
    for p, cards in enumerate(s.hands):
        hand[p, cards] = True
    deck = np.full(T.N_CARDS, -1, np.int32)
    deck[: len(s.deck)] = s.deck
    discard = np.zeros(T.N_CARDS, bool)
    discard[s.discard] = True
    in_play = np.full(T.N_CARDS, -1, np.int32)
    for p in range(n):
        in_play[s.businesses[p] + s.assets[p]] = p
    lux = np.full(T.N_LUX, LOT, np.int32)
    lux[s.lux_pool] = POOL
    lux[s.lux_removed] = REMOVED
    for p in range(n):
        lux[s.luxuries[p]] = p
    out_rank = np.zeros(n, np.int32)
    for k, p in enumerate(s.out_order):
        out_rank[p] = k + 1
    dice = np.zeros(T.MAX_DICE, np.int32)
    dice[: len(s.dice)] = s.dice
    legal = np.zeros(T.N_ACTIONS, bool)
    if s.is_over:
        legal[:] = True
    else:
        legal[[s.game.action_id(a) for a in s.legal_actions()]] = True
    i32 = np.int32
    return {
        "page": i32(s.page), "money": np.array(s.money, i32), "hand": hand, "deck": deck,
        "deck_n": i32(len(s.deck)), "discard": discard, "in_play": in_play, "lux_owner": lux,
        "book": np.array(s.book[1:], i32), "sign_owner": np.array(s.sign_owner, i32), "out_rank": out_rank,
        "card_gen": np.array(s.card_gen, i32), "reshuffles": i32(s.reshuffles), "winner": i32(s.winner),
        "turn": i32(s.turn), "turns": i32(s.turns), "round": i32(s.round), "phase": i32(T.PHASES.index(s.phase)),
        "actions_left": i32(s.actions_left), "luxury_open": np.bool_(s.luxury_open), "rolled": np.bool_(s.rolled),
        "pending": i32(s.pending), "decider": i32(s.decider), "dice": dice, "page_die": i32(s.page_die),
        "taxes_left": i32(sum(1 for task in s.tasks if task[0] == "tax")), "auction_high": i32(s.auction_high),
        "auction_leader": i32(s.auction_leader), "auction_passes": i32(s.auction_passes),
        "terminated": np.bool_(s.is_over), "legal_action_mask": legal,
        "observation": s.observation_tensor(viewer), "current_player": i32(viewer),
    }


def jax_fields(s: fr.State) -> dict[str, jax.Array]:
    """The same fields read from a JAX state (works batched)."""
    out = {k: getattr(s, k) for k in FIELDS}
    k = jnp.arange(T.N_CARDS)
    out["deck"] = jnp.where(k < s.deck_n[..., None], s.deck, -1)
    out["legal_action_mask"] = s.legal_action_mask
    out["observation"] = s.observation
    out["current_player"] = s.current_player
    return out


@dataclasses.dataclass
class EngineGame:
    seed: int
    players: int
    actions: list[int]
    snapshots: list[dict[str, np.ndarray]]
    rewards: list[np.ndarray]
    reshuffled: list[list[int]]
    finished: bool


def play_engine(seed: int, players: int, pick: Callable[[FilthyRichState, Stream], Any] | None = None) -> EngineGame:
    """One engine game of ``players`` seats, random legal moves (or ``pick``'s),
    cut at ``MAX_TURNS`` turns or ``N_RESHUFFLES`` reshuffles (what a deal holds)."""
    from gameshelf.core.registry import load_game

    game = load_game("filthy-rich")
    s = game.new_game(players, seed=seed)
    assert isinstance(s, FilthyRichState)
    stream = Stream(derive_seed("jax-check-random", seed))
    actions: list[int] = []
    snaps = [engine_fields(s, 0)]
    rewards: list[np.ndarray] = []
    reshuffled: list[list[int]] = []
    while not s.is_over and s.turns < MAX_TURNS:
        mover = s.current_player
        assert mover is not None
        before = np.array(s.scores(), np.float32)
        action = pick(s, stream) if pick is not None else stream.choice(s.legal_actions())
        actions.append(game.action_id(action))
        s.apply(action, mover)
        if s.reshuffles > len(reshuffled):
            if s.reshuffles > N_RESHUFFLES:
                actions.pop()
                break
            reshuffled.append([c for c in range(T.N_CARDS) if s.card_gen[c] == s.reshuffles])
        rewards.append(np.array(s.scores(), np.float32) - before)
        viewer = s.current_player
        snaps.append(engine_fields(s, mover if viewer is None else viewer))
    return EngineGame(seed, players, actions, snaps[: len(actions) + 1], rewards, reshuffled, s.is_over)


@jax.jit
def _replay(start: fr.State, actions: jax.Array) -> tuple[dict[str, jax.Array], jax.Array]:
    def one(state: fr.State, action: jax.Array) -> tuple[fr.State, tuple[dict[str, jax.Array], jax.Array]]:
        nxt = jax.vmap(fr.step)(state, action)
        return nxt, (jax_fields(nxt), nxt.rewards)

    _, (fields, rewards) = jax.lax.scan(one, start, actions.T)
    return fields, rewards


def compare(games: Sequence[EngineGame], batch: int = 0, pad_to: int = 128) -> list[str]:
    """Replay ``games`` (all of one player count) in JAX; one line per game
    that differs (empty: all equal). The batch is padded to ``batch`` games
    and the steps to a multiple of ``pad_to``, so a run compiles once or twice."""
    players = {g.players for g in games}
    assert len(players) == 1, "compare games of one player count at a time"
    n = players.pop()
    steps = -(-max(len(g.actions) for g in games) // pad_to) * pad_to
    padded = list(games) + [games[0]] * max(0, batch - len(games))
    actions = np.zeros((len(padded), steps), np.int32)
    for k, g in enumerate(padded):
        actions[k, : len(g.actions)] = g.actions
    starts = [fr.init_with_deal(fr.engine_deal(g.seed, g.reshuffled), n) for g in padded]
    start = jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), *starts)
    first = jax.device_get(jax_fields(start))
    fields, rewards = jax.device_get(_replay(start, jnp.asarray(actions)))
    problems = []
    for k, g in enumerate(games):
        for t, snap in enumerate(g.snapshots):
            got = {name: (first[name][k] if t == 0 else fields[name][t - 1, k]) for name in snap}
            bad = [name for name, want in snap.items() if not np.array_equal(np.asarray(want), got[name])]
            if t > 0 and not np.array_equal(rewards[t - 1, k], g.rewards[t - 1]):
                bad.append("rewards")
            if bad:
                problems.append(f"{n}-player game seed {g.seed}, step {t} (after id {g.actions[t - 1] if t else '-'}): "
                                + "; ".join(_diff(name, snap, got) for name in bad if name != "rewards")
                                + ("; rewards" if "rewards" in bad else ""))
                break
    return problems


def _diff(name: str, snap: dict[str, np.ndarray], got: dict[str, Any]) -> str:
    want, have = np.ravel(snap[name]), np.ravel(got[name])
    if want.shape != have.shape:
        return f"{name}: shape {want.shape} vs {have.shape}"
    where = np.flatnonzero(want != have)[:6]
    return f"{name}[{', '.join(map(str, where))}]: engine {want[where].tolist()} jax {have[where].tolist()}"


def schedule(games: int, first_seed: int = 0) -> Iterator[tuple[int, int]]:
    """``games`` (seed, players) pairs, the player counts 2-5 in turn."""
    for seed in range(first_seed, first_seed + games):
        yield seed, T.MIN_PLAYERS + seed % (T.MAX_PLAYERS - T.MIN_PLAYERS + 1)


def run(games: int, first_seed: int = 0, batch: int = 64) -> tuple[int, int, list[str]]:
    """Play and compare ``games`` games over every player count; (games, steps, problems)."""
    by_players: dict[int, list[int]] = {}
    for seed, n in schedule(games, first_seed):
        by_players.setdefault(n, []).append(seed)
    problems: list[str] = []
    steps = 0
    for n, seeds in sorted(by_players.items()):
        for k in range(0, len(seeds), batch):
            chunk = [play_engine(seed, n) for seed in seeds[k: k + batch]]
            steps += sum(len(g.actions) for g in chunk)
            problems += compare(chunk, batch)
    return games, steps, problems
