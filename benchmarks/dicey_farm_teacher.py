"""Teacher games for the Dicey Farm reference agent: what the planner does, position by position.

Why a separate step: the engine's planner (the hard level, about 102 VP over
the benchmark's deals) costs a couple of CPU seconds a game, so its games
are played once, in worker processes, and kept as shards that training reads
again and again. Each shard holds, for every decision with more than one
legal move, the engine's ``observation_tensor(0)`` (what the agent will
see), the legal ids (what it may play) and the teacher's id (its label).

``--player BOT`` lets another bot make the moves while the teacher labels
them (DAgger, Ross et al. 2011): ``--player jax-policy`` shows the teacher the
positions the trained agent's own slips lead to.

Noise (DART, Laskey et al. 2017): with probability ``--noise`` the game goes on
with a random legal move instead of the teacher's, while the label stays the
teacher's. The agent then also learns what to do in positions a perfect copy
of the teacher would never reach, which is where an imitator's small slips
lead it.

The deals are ``new_game(1, seed)`` with seeds derived from ``"agent-train"``,
never the benchmark's (``Job(seed=11)``'s ``"sim-game"`` seeds)::

    python benchmarks/dicey_farm_teacher.py --out /tmp/teacher --games 600 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import fmean
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import agent_training
from gameshelf.bots import WORLD_SEEDS, PlayerView, make_bot
from gameshelf.bots.planner import PlannerBot
from gameshelf.core.actions import Action
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed

GAME = "dicey-farm"


def train_seed(index: int) -> int:
    """The seed of training deal ``index`` (apart from every benchmark deal)."""
    return agent_training.train_seed(GAME, index)


def teacher_game(index: int, teacher: str, noise: float, player: str | None = None) -> dict[str, Any]:
    """One game on training deal ``index``: the teacher's move at each decision as its label.

    The game goes on with the teacher's move (or, with ``player``, that bot's:
    DAgger, Ross et al. 2011, where the teacher labels the positions the
    learner's own moves reach), except for ``noise`` random moves.
    """
    game = load_game(GAME)
    seed = train_seed(index)
    state = game.new_game(1, seed=seed)
    bot = make_bot(teacher, seed=seed, game=game)
    mover = None if player is None else make_bot(player, seed=seed, game=game)
    stream = Stream(derive_seed("agent-noise", index))
    n = game.num_distinct_actions
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[int] = []
    played: list[int] = []
    while not state.is_over:
        legal = state.legal_actions()
        choice = bot.choose(PlayerView(state, 0))
        if len(legal) > 1:
            mask = np.zeros(n, bool)
            mask[[game.action_id(a) for a in legal]] = True
            obs.append(state.observation_tensor(0))
            masks.append(mask)
            labels.append(game.action_id(choice))
            if mover is not None:
                choice = mover.choose(PlayerView(state, 0))
            if noise and stream.random() < noise:
                choice = stream.choice(legal)
            played.append(game.action_id(choice))
        state.apply(choice)
    return {"obs": np.stack(obs), "mask": np.stack(masks), "label": np.asarray(labels, np.int16),
            "played": np.asarray(played, np.int16), "score": float(state.scores()[0])}


def write_shard(out: Path, index: int, teacher: str, noise: float, player: str | None = None) -> tuple[int, float, int]:
    """Play game ``index`` and keep it as ``out/game-INDEX.npz`` (skipped if kept)."""
    path = out / f"game-{index:06d}.npz"
    if path.exists():
        with np.load(path, allow_pickle=False) as kept:
            return index, float(kept["score"]), int(kept["label"].shape[0])
    data = teacher_game(index, teacher, noise, player)
    tmp = out / f".game-{index:06d}.tmp.npz"
    np.savez_compressed(tmp, **data)
    tmp.rename(path)
    return index, data["score"], int(data["label"].shape[0])


def _replay(index: int) -> Iterator[tuple[int, State, list[Action]]]:
    """Training deal ``index``'s game, decision by decision (``k``, the state,
    its legal moves): forced moves are played here, and the caller plays its
    move on the state before asking for the next decision."""
    state = load_game(GAME).new_game(1, seed=train_seed(index))
    k = 0
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        yield k, state, legal
        k += 1


def _kept(path: Path, key: str) -> int | None:
    """The length of ``key`` in the shard at ``path`` if it was written
    already (a rerun skips it), else ``None``."""
    if not path.exists():
        return None
    with np.load(path, allow_pickle=False) as kept:
        return int(kept[key].shape[0])


def write_afterstates(out: Path, index: int, noise: float) -> int:
    """``out/after-INDEX.npz``: at each kept decision of game ``index``, the
    tensor after each legal move, on a re-dealt world (as a bot sees it).

    Why a replay and not the teacher again: the shard keeps what was played at
    each decision (``played``; older shards: the teacher's label unless the
    noise stream said otherwise), so the positions come back exactly without
    the planner's cost. What a move leads to is seen on
    :meth:`PlayerView.search_world`, never the real state, so a move that ends
    the round shows re-dealt dice, not the real next ones.

    Entries: ``after`` float16[rows, obs] (every decision's moves, in legal
    order), ``start`` int32[decisions + 1] (decision d's rows are
    ``start[d]:start[d+1]``), ``pos`` int16[decisions] (the teacher's move's
    row within them). Returns the number of decisions.
    """
    path = out / f"after-{index:06d}.npz"
    if (done := _kept(path, "pos")) is not None:
        return done
    with np.load(out / f"game-{index:06d}.npz", allow_pickle=False) as shard:
        obs, labels = shard["obs"], shard["label"]
        played = shard["played"] if "played" in shard.files else None
    game = load_game(GAME)
    stream = Stream(derive_seed("agent-noise", index))
    rows: list[np.ndarray] = []
    start, pos = [0], []
    for k, state, legal in _replay(index):
        if not np.array_equal(state.observation_tensor(0), obs[k]):
            raise RuntimeError(f"game {index}: the replay left the teacher's game at decision {k}")
        ids = [game.action_id(a) for a in legal]
        world = PlayerView(state, 0).search_world(derive_seed("agent-after", index, k) % WORLD_SEEDS)
        for action in legal:
            after = world.clone()
            after.apply_unchecked(action)
            rows.append(after.observation_tensor(0).astype(np.float16))
        start.append(len(rows))
        pos.append(ids.index(int(labels[k])))
        if played is not None:  # what was played (the teacher's, a learner's, or noise)
            choice = game.action_from_id(int(played[k]))
        else:  # a shard from before ``played`` was kept: the teacher's move, or noise
            choice = game.action_from_id(int(labels[k]))
            if noise and stream.random() < noise:
                choice = stream.choice(legal)
        state.apply(choice)
    tmp = out / f".after-{index:06d}.tmp.npz"
    np.savez_compressed(tmp, after=np.stack(rows), start=np.asarray(start, np.int32), pos=np.asarray(pos, np.int16))
    tmp.rename(path)
    return len(pos)


def value_game(index: int, player: str, noise: float, samples: int) -> dict[str, Any]:
    """One game on training deal ``index`` played by ``player``, with every
    legal move of every decision valued the planner's way.

    Why values and not the teacher's one choice: a decision's label then says
    how much each move is worth, not only which one the teacher liked, so a
    network learns from every move (and most from the costly ones). The value
    of a move is the planner's value of a one-move line: the move, then greedy
    play to the end of the round, judged there by the tuned heuristic (the
    score once the game is over), averaged over ``samples`` re-dealt worlds
    (:meth:`PlayerView.search_world`: the next round's dice, wares and
    craftsmen are re-drawn, never read). The rows are the tensor after each
    move on the first of those worlds, as the ``afterstate`` bot sees it.
    """
    game = load_game(GAME)
    seed = train_seed(index)
    state = game.new_game(1, seed=seed)
    mover = make_bot(player, seed=seed, game=game)
    judge = PlannerBot(seed=seed)
    stream = Stream(derive_seed("agent-noise", index))
    rows: list[np.ndarray] = []
    values: list[float] = []
    start: list[int] = [0]
    played: list[int] = []
    k = 0
    while not state.is_over:
        legal = state.legal_actions()
        view = PlayerView(state, 0)
        choice = mover.choose(view)
        if len(legal) > 1:
            worlds = [view.search_world(derive_seed("agent-values", index, k, j) % WORLD_SEEDS) for j in range(samples)]
            judge.forget()
            for action in legal:
                after = worlds[0].clone()
                after.apply_unchecked(action)
                rows.append(after.observation_tensor(0).astype(np.float16))
                values.append(fmean(judge.judge(world, (action,), 0) for world in worlds))
            start.append(len(rows))
            if noise and stream.random() < noise:
                choice = stream.choice(legal)
            played.append(legal.index(choice))
            k += 1
        state.apply(choice)
    return {"after": np.stack(rows), "value": np.asarray(values, np.float32), "start": np.asarray(start, np.int32),
            "pos": np.asarray(played, np.int16), "score": float(state.scores()[0])}


def write_values(out: Path, index: int, player: str, noise: float, samples: int) -> tuple[int, float, int]:
    """Play game ``index`` and keep it as ``out/values-INDEX.npz`` (skipped if kept)."""
    path = out / f"values-{index:06d}.npz"
    if path.exists():
        with np.load(path, allow_pickle=False) as kept:
            return index, float(kept["score"]), int(kept["start"].shape[0] - 1)
    data = value_game(index, player, noise, samples)
    tmp = out / f".values-{index:06d}.tmp.npz"
    np.savez_compressed(tmp, **data)
    tmp.rename(path)
    return index, data["score"], int(data["start"].shape[0] - 1)


def write_heuristic(out: Path, index: int) -> int:
    """``out/heuristic-INDEX.npz``: the tuned heuristic's value of every row
    of ``values-INDEX.npz`` (``heuristic`` float32[rows]), what the greedy
    bot would rate each move.

    Why: a network that first learns greedy's judgement (cheap: no play-out)
    and then the play-outs' refinements of it, chooses better than one that
    learns the noisy play-out values alone (the Filthy Rich agent's finding).
    A replay of the kept game (``pos``: the moves played) on the same re-dealt
    worlds, checked row by row against the kept tensors.
    """
    path = out / f"heuristic-{index:06d}.npz"
    if (done := _kept(path, "heuristic")) is not None:
        return done
    with np.load(out / f"values-{index:06d}.npz", allow_pickle=False) as shard:
        kept_rows, played = shard["after"], shard["pos"]
    game = load_game(GAME)
    heuristic: list[float] = []
    for k, state, legal in _replay(index):
        world = PlayerView(state, 0).search_world(derive_seed("agent-values", index, k, 0) % WORLD_SEEDS)
        for action in legal:
            after = world.clone()
            after.apply_unchecked(action)
            if not np.array_equal(after.observation_tensor(0).astype(np.float16), kept_rows[len(heuristic)]):
                raise RuntimeError(f"game {index}: the replay left the kept game at decision {k}")
            heuristic.append(float(game.evaluate(after, 0)))
        state.apply(legal[int(played[k])])
    tmp = out / f".heuristic-{index:06d}.tmp.npz"
    np.savez_compressed(tmp, heuristic=np.asarray(heuristic, np.float32))
    tmp.rename(path)
    return len(heuristic)


def load_shards(folder: Path, limit: int | None = None) -> dict[str, np.ndarray]:
    """Every kept game of ``folder`` (the first ``limit``), concatenated."""
    paths = sorted(folder.glob("game-*.npz"))[:limit]
    if not paths:
        raise FileNotFoundError(f"{folder} holds no teacher games (game-*.npz)")
    parts: dict[str, list[np.ndarray]] = {"obs": [], "mask": [], "label": []}
    for path in paths:
        with np.load(path, allow_pickle=False) as shard:
            for key, items in parts.items():
                items.append(shard[key])
    return {key: np.concatenate(items) for key, items in parts.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="folder of the shards (resumable)")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--first", type=int, default=0, help="index of the first training deal")
    parser.add_argument("--teacher", default="hard", help="a bot spec (default: the hard level, the planner)")
    parser.add_argument("--noise", type=float, default=0.05)
    parser.add_argument("--player", help="a bot spec that makes the moves while the teacher labels (DAgger)")
    parser.add_argument("--values", action="store_true",
                        help="value every legal move the planner's way (values-*.npz), the moves made by --player")
    parser.add_argument("--samples", type=int, default=1, help="with --values: re-dealt worlds per decision")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.samples < 1 or not 0 <= args.noise < 1:
        parser.error("--games, --samples and --workers take 1 or more, --noise a share in [0, 1)")
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    indices = range(args.first, args.first + args.games)
    with ProcessPoolExecutor(args.workers) as pool:
        if args.values:
            futures = [pool.submit(write_values, args.out, i, args.player or "greedy", args.noise, args.samples)
                       for i in indices]
        else:
            futures = [pool.submit(write_shard, args.out, i, args.teacher, args.noise, args.player) for i in indices]
        for done, future in enumerate(futures, 1):
            index, score, decisions = future.result()
            print(json.dumps({"game": index, "score": score, "decisions": decisions, "done": done,
                              "of": args.games, "s": round(time.time() - started, 1)}), flush=True)
    print(f"{args.games} teacher games in {args.out} ({time.time() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
