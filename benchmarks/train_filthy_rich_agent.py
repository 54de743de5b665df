"""Train Filthy Rich's reference agent in JAX: a value network meant to beat the greedy bot in duels.

What: an ``afterstate`` network (``gameshelf.bots.policy_file``) that rates
the seat's observation tensor after each legal move; the ``jax-policy`` bot
plays the move it rates highest, one network evaluation per move and no
search at play time.

Its labels are the rollout bot's judgement (the hard level, which beats
greedy in 59% of duels): at a decision of a duel, every legal move is played
on ``--worlds`` re-dealt worlds (:meth:`PlayerView.search_world`, the same
worlds for every move, so their differences are not luck), each world played
on by the greedy policy for ``--depth`` decisions
(:func:`gameshelf.bots.rollout.play_out`) and judged as the rollout bot
judges: the win share if the game ended, else a logistic of the heuristic
margin on the scale of the margins seen. The network learns, by logistic
regression, what the move is worth after greedy play; acting on it is one
step of policy improvement over greedy (Bertsekas's rollout), with every
legal move judged rather than the rollout bot's best four. Why not the
Dicey Farm recipe (imitation of a teacher's moves): an imitator is at best
its teacher, and it learned too little of it there (47.7 VP against
greedy's 77.9); values say *how much* better a move is, and every legal
move of a labelled decision is a training example.

The positions come from duels on training deals (seeds derived from
``"agent-train"``, never a benchmark deal): ``--player`` against
``--opponent``, seats swapped from deal to deal, a share ``--sample`` of the
decisions of both seats labelled. Each deal is one shard in ``--data``
(resumable: a rerun labels only the missing deals). ``--player`` may be an
agent already trained (DAgger-like: the positions its own play reaches).

The evaluation plays duels through the engine's ``run_job`` (what
``gameshelf simulate filthy-rich -p 2 -b 'jax-policy[path=FILE],greedy' -n N
-s 11`` runs; seats alternate from game to game, so both orders are played
equally) and prints the agent's win share with its 95% Wilson interval.

Usage::

    python benchmarks/train_filthy_rich_agent.py --data /tmp/fr-labels --deals 1500 \\
        --out benchmarks/runs/filthy-rich-agent-v1.npz --log benchmarks/runs/filthy-rich-agent-v1.jsonl
    python benchmarks/train_filthy_rich_agent.py --evaluate benchmarks/runs/filthy-rich-agent-v1.npz --duels 500

Needs the ``jax`` extra (jax, optax).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from rich.markup import escape
from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agent_training import (
    Log,
    add_network_arguments,
    make_trainer,
    positive,
    train_seed,
    value_loss,
    win_share,
)
from gameshelf.bots import WORLD_SEEDS, PlayerView, make_bot_from_spec
from gameshelf.bots._outcome import terminal_values
from gameshelf.bots.rollout import play_out
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.core.tensor import tensor_size
from gameshelf.rl.jax import make
from gameshelf.rl.jax import policy as pol
from gameshelf.sim.job import Job
from gameshelf.sim.runner import run_job

GAME = "filthy-rich"
#: the benchmark's job seed (the rollout bot's 59.0% of 500 duels was measured on it)
BENCH_SEED = 11


# -- labels ------------------------------------------------------------------------------
def one_step_rows(world: State, seat: int, legal: Sequence[Any]) -> tuple[list[np.ndarray], np.ndarray]:
    """The seat's tensor after each legal move on ``world`` (what the
    ``jax-policy`` bot rates) and the heuristic there (what the greedy bot rates)."""
    evaluate = world.game.evaluate
    rows, values = [], np.zeros(len(legal), np.float32)
    for i, action in enumerate(legal):
        after = world.clone()
        after.apply_unchecked(action)
        rows.append(after.observation_tensor(seat).astype(np.float16))
        values[i] = evaluate(after, seat)
    return rows, values


def label_moves(view: PlayerView, legal: Sequence[Any], worlds: Sequence[int], depth: int
                ) -> tuple[list[np.ndarray], np.ndarray, np.ndarray, np.ndarray]:
    """Every legal move of one decision, played out on the same re-dealt worlds.

    Returns :func:`one_step_rows` on the first world, and per move and
    world: the heuristic margin where the play-out stopped (NaN if the game
    ended) and the win share where it ended (NaN if not).
    """
    game, seat = view.game, view.player
    boards = [view.search_world(seed) for seed in worlds]
    rows, one_step = one_step_rows(boards[0], seat, legal)
    lead = np.full((len(legal), len(worlds)), np.nan, np.float32)
    won = np.full((len(legal), len(worlds)), np.nan, np.float32)
    for i, action in enumerate(legal):
        for w, board in enumerate(boards):
            after = board.clone()
            after.apply_unchecked(action)
            play_out(after, depth)
            if after.is_over:
                won[i, w] = terminal_values(after)[seat]
            else:
                lead[i, w] = game.evaluate(after, seat)
    return rows, lead, won, one_step


def label_deal(data: Path, index: int, player: str, opponent: str, sample: float, worlds: int,
               depth: int, cheap: float) -> int:
    """``data/label-INDEX.npz``: the labelled decisions of one duel on training deal ``index``
    (skipped if kept). Returns the number of decisions labelled.

    Entries: ``after`` float16[rows, obs] (each labelled decision's moves, in
    legal order), ``start`` int32[decisions + 1] (decision d's rows are
    ``start[d]:start[d+1]``), ``lead`` and ``won`` float32[rows, worlds],
    ``one_step`` float32[rows], ``played`` int16[decisions] (the played
    move's row within its decision), ``seat`` int8[decisions]; and, from a
    share ``cheap`` of the other decisions, ``cheap_after`` and
    ``cheap_value`` (:func:`one_step_rows`: the heuristic's value, which
    costs no play-out, for the network to learn first) with ``cheap_start``.
    """
    path = data / f"label-{index:06d}.npz"
    if path.exists():
        with np.load(path, allow_pickle=False) as kept:
            return int(kept["played"].shape[0])
    game = load_game(GAME)
    seed = train_seed(GAME, index)
    state: State = game.new_game(2, seed=seed)
    specs = (player, opponent) if index % 2 == 0 else (opponent, player)
    bots = [make_bot_from_spec(spec, seed=seed + s, game=game) for s, spec in enumerate(specs)]
    stream = Stream(derive_seed("fr-agent-sample", index))
    parts: dict[str, list[Any]] = {key: [] for key in (
        "after", "lead", "won", "one_step", "played", "seat", "cheap_after", "cheap_value")}
    start, cheap_start = [0], [0]
    moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = PlayerView(state, seat)
        legal = view.legal_actions()
        choice = bots[seat].choose(view)
        moves += 1
        draw = stream.random()
        if len(legal) > 1 and draw < sample:
            k = len(parts["played"])
            seeds = [derive_seed("fr-agent-world", index, k, w) % WORLD_SEEDS for w in range(worlds)]
            rows, lead, won, one_step = label_moves(view, legal, seeds, depth)
            parts["after"] += rows
            parts["lead"].append(lead)
            parts["won"].append(won)
            parts["one_step"].append(one_step)
            parts["played"].append(legal.index(choice))
            parts["seat"].append(seat)
            start.append(start[-1] + len(rows))
        elif len(legal) > 1 and draw < sample + (1 - sample) * cheap:
            world = view.search_world(derive_seed("fr-agent-cheap", index, moves) % WORLD_SEEDS)
            rows, values = one_step_rows(world, seat, legal)
            parts["cheap_after"] += rows
            parts["cheap_value"].append(values)
            cheap_start.append(cheap_start[-1] + len(rows))
        state.apply(choice, seat)
    size = tensor_size(game)

    def stacked(key: str, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
        if not parts[key]:
            return np.zeros(shape, dtype)
        return np.stack(parts[key]) if key.endswith("after") else np.concatenate(parts[key])

    arrays = {"after": stacked("after", (0, size), np.float16), "lead": stacked("lead", (0, worlds), np.float32),
              "won": stacked("won", (0, worlds), np.float32), "one_step": stacked("one_step", (0,), np.float32),
              "cheap_after": stacked("cheap_after", (0, size), np.float16),
              "cheap_value": stacked("cheap_value", (0,), np.float32),
              "start": np.asarray(start, np.int32), "cheap_start": np.asarray(cheap_start, np.int32),
              "played": np.asarray(parts["played"], np.int16),
              "seat": np.asarray(parts["seat"], np.int8)}
    tmp = data / f".label-{index:06d}.tmp.npz"
    np.savez_compressed(tmp, **arrays)
    tmp.rename(path)
    return len(parts["played"])


def collect(args: argparse.Namespace, log: Log) -> None:
    """Make sure ``args.data`` holds training deals ``first..first+deals-1``, labelled."""
    args.data.mkdir(parents=True, exist_ok=True)
    decisions = 0
    with Progress() as bar:
        task = bar.add_task(escape(f"labelled duels ({args.player} vs {args.opponent})"), total=args.deals)
        for i in range(args.first, args.first + args.deals):
            decisions += label_deal(args.data, i, args.player, args.opponent, args.sample, args.worlds,
                                    args.depth, args.cheap)
            bar.advance(task)
    log.write(stage="labels", first=args.first, deals=args.deals, decisions=decisions, player=args.player,
              opponent=args.opponent, sample=args.sample, worlds=args.worlds, depth=args.depth,
              cheap=args.cheap)


# -- training ----------------------------------------------------------------------------
def _groups(starts: Sequence[np.ndarray], offsets: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Decisions (shard by shard, decision d of a shard at ``start[d]:start[d+1]``
    from the shard's ``offset``) as ``idx`` [D, M] (0 in padding) and ``valid`` [D, M]."""
    if not starts:
        return np.zeros((0, 1), np.int32), np.zeros((0, 1), bool)
    first = np.concatenate([st[:-1] + off for st, off in zip(starts, offsets, strict=True)])
    count = np.concatenate([np.diff(st) for st in starts])
    width = max(1, int(count.max(initial=0)))
    valid = np.arange(width)[None] < count[:, None]
    return np.where(valid, first[:, None] + np.arange(width)[None], 0).astype(np.int32), valid


def _padded(values: np.ndarray, local: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Per-row ``values`` laid out as decisions (NaN in padding)."""
    mask = valid.reshape(*valid.shape, *([1] * (values.ndim - 1)))
    return np.where(mask, values[local], np.nan).astype(np.float32)


def load_split(data: Path, val_every: int) -> tuple[dict[str, np.ndarray], ...]:
    """Every shard of ``data``, as training and held-out sets (every
    ``val_every``-th deal held out). Each set: ``rows`` float16[R, obs], every
    position after a move; the labelled decisions as ``idx`` [D, M] (their
    moves' rows), ``valid`` [D, M], ``lead``/``won`` [D, M, worlds],
    ``one_step`` [D, M], ``played`` [D]; and every decision with the
    heuristic's values (the labelled ones and the others) as ``h_idx``,
    ``h_valid``, ``h_value``. A shard from before ``cheap_start`` was kept
    gives its labelled decisions only."""
    sets: list[dict[str, Any]] = [{}, {}]
    for path in sorted(data.glob("label-*.npz")):
        index = int(path.stem.split("-")[1])
        into = sets[1] if val_every and index % val_every == val_every - 1 else sets[0]
        if not into:
            into |= {key: [] for key in ("rows", "start", "offset", "local", "lead", "won", "one_step", "played",
                                         "h_start", "h_offset", "h_local", "h_value")}
            into |= {"n_rows": 0, "n_labelled": 0, "n_h": 0}
        with np.load(path, allow_pickle=False) as shard:
            groups = [(shard["after"], shard["start"], shard["one_step"])]
            if "cheap_start" in shard.files:
                groups.append((shard["cheap_after"], shard["cheap_start"], shard["cheap_value"]))
            into["start"].append(shard["start"])
            into["offset"].append(into["n_rows"])
            into["local"].append(into["n_labelled"])
            into["n_labelled"] += len(shard["after"])
            for key in ("lead", "won", "one_step", "played"):
                into[key].append(shard[key])
            for rows, start, value in groups:
                into["rows"].append(rows)
                into["h_start"].append(start)
                into["h_offset"].append(into["n_rows"])
                into["h_local"].append(into["n_h"])
                into["h_value"].append(value)
                into["n_rows"] += len(rows)
                into["n_h"] += len(rows)
    out = []
    for parts in sets:
        if not parts or not sum(len(p) for p in parts["played"]):
            out.append({})
            continue
        idx, valid = _groups(parts["start"], parts["offset"])
        local, _ = _groups(parts["start"], parts["local"])
        h_idx, h_valid = _groups(parts["h_start"], parts["h_offset"])
        h_local, _ = _groups(parts["h_start"], parts["h_local"])
        out.append({"rows": np.concatenate(parts["rows"]), "idx": idx, "valid": valid,
                    **{key: _padded(np.concatenate(parts[key]), local, valid) for key in ("lead", "won", "one_step")},
                    "played": np.concatenate(parts["played"]).astype(np.int32),
                    "h_idx": h_idx, "h_valid": h_valid,
                    "h_value": np.nan_to_num(_padded(np.concatenate(parts["h_value"]), h_local, h_valid))})
    return tuple(out)


def margin_scale(lead: np.ndarray) -> float:
    """The logistic's scale: the mean size of the heuristic margins where
    play-outs stopped, as the rollout bot adapts its own (a won or lost game's
    ±1,000 left out)."""
    finite = np.abs(lead[np.isfinite(lead)])
    finite = finite[finite < 1000]
    return float(finite.mean()) if finite.size else 1.0


#: targets are logits of a win chance, held within [1%, 99%]
LOGIT_CAP = math.log(99.0)


def play_out_targets(split: dict[str, np.ndarray], scale: float) -> np.ndarray:
    """Each labelled move's value as the rollout bot reckons it: the mean
    over worlds of the win share (the game ended) or the logistic of the
    margin (it did not); as a probability (0 in padding)."""
    lead, won = split["lead"], split["won"]
    logistic = 1.0 / (1.0 + np.exp(-np.clip(np.nan_to_num(lead) / scale, -60, 60)))
    value = np.where(np.isfinite(won), np.nan_to_num(won), logistic)
    known = np.isfinite(lead) | np.isfinite(won)
    total = np.where(known, value, 0.0).sum(-1)
    return np.where(split["valid"], total / np.maximum(known.sum(-1), 1), 0.0).astype(np.float32)


def as_logit(chance: np.ndarray) -> np.ndarray:
    """A win chance as a logit, within ±``LOGIT_CAP``."""
    p = np.clip(chance, 1 / (1 + math.exp(LOGIT_CAP)), 1 / (1 + math.exp(-LOGIT_CAP)))
    return np.log(p / (1 - p)).astype(np.float32)


def choices(params: pol.Params, split: dict[str, np.ndarray]) -> np.ndarray:
    """The move the network plays at each labelled decision (its place within the decision)."""
    picks = []
    for start in range(0, len(split["idx"]), 2048):
        part = slice(start, start + 2048)
        rows = jnp.asarray(split["rows"][split["idx"][part]], jnp.float32)
        out = pol.logits(params, rows)[..., 0]
        picks.append(np.asarray(jnp.argmax(jnp.where(jnp.asarray(split["valid"][part]), out, -jnp.inf), -1)))
    return np.concatenate(picks)


def regrets(split: dict[str, np.ndarray], target: np.ndarray, picks: np.ndarray) -> dict[str, float]:
    """How much label value each way of choosing leaves on the table, per
    decision, against the best-labelled move: the network's picks, greedy's
    (any of the moves the one-step heuristic rates best, as the greedy bot
    breaks ties at random: a third of the decisions have several) and the
    move played; and how often the network picks one of greedy's best. On
    held-out deals this is an offline forecast of the duel: a network with
    less regret than greedy's should beat it, as far as the labels are right."""
    d = np.arange(len(target))
    masked = np.where(split["valid"], target, -np.inf)
    best = masked.max(-1)
    one_step = np.where(split["valid"], split["one_step"], -np.inf)
    greedy_best = one_step == one_step.max(-1, keepdims=True)
    greedy_value = np.where(greedy_best, target, 0.0).sum(-1) / greedy_best.sum(-1)
    return {"regret_net": float(np.mean(best - target[d, picks])),
            "regret_greedy": float(np.mean(best - greedy_value)),
            "regret_played": float(np.mean(best - target[d, split["played"]])),
            "agree_best": float(np.mean(picks == masked.argmax(-1))),
            "agree_greedy": float(np.mean(greedy_best[d, picks]))}


Decisions = tuple[np.ndarray, np.ndarray, np.ndarray]  # idx, valid, target


def fit(params: pol.Params, rows: jax.Array, decisions: Decisions, epochs: int, stage: str,
        val: tuple[dict[str, np.ndarray], np.ndarray] | None, args: argparse.Namespace, log: Log,
        beside: tuple[Decisions, float] | None = None) -> pol.Params:
    """``epochs`` of :func:`value_loss` over ``decisions`` (rows of ``rows``);
    with ``beside`` (other decisions and a weight), each batch also fits as
    many of those, drawn at random, at that weight. The held-out regrets
    after each epoch are logged as ``stage``."""
    loss_fn = value_loss(rows, args.level_weight)
    if beside is not None:
        single, weight = loss_fn, beside[1]

        def loss_fn(params: pol.Params, *batch: jax.Array) -> jax.Array:
            return single(params, *batch[:3]) + weight * single(params, *batch[3:])

    count = len(decisions[2])
    batch = min(args.batch, count)
    per_epoch = count // batch
    optimizer, steps = make_trainer(loss_fn, args.lr, args.weight_decay, epochs * per_epoch if args.decay else 0)
    opt_state = optimizer.init(params)
    chunk = max(1, min(per_epoch, 50))
    rng = np.random.default_rng([args.seed, len(stage)])
    log.write(stage=f"{stage}-start", decisions=count, rows=int(decisions[1].sum()), batch=batch, epochs=epochs,
              beside=None if beside is None else {"decisions": len(beside[0][2]), "weight": beside[1]})
    with Progress() as bar:
        task = bar.add_task(stage, total=epochs * per_epoch)
        for epoch in range(epochs):
            order = rng.permutation(count)[: per_epoch * batch].reshape(per_epoch, batch)
            losses = []
            for start in range(0, per_epoch, chunk):
                pick = order[start:start + chunk]
                arrays = [part[pick] for part in decisions]
                if beside is not None:
                    other = rng.integers(len(beside[0][2]), size=pick.shape)
                    arrays += [part[other] for part in beside[0]]
                params, opt_state, loss = steps(params, opt_state, *(jnp.asarray(a) for a in arrays))
                losses.append(float(loss))
                bar.advance(task, len(pick))
            entry: dict[str, Any] = {"epoch": epoch + 1, "loss": float(np.mean(losses))}
            if val is not None:
                entry |= regrets(val[0], val[1], choices(params, val[0]))
            bar.console.print(json.dumps(entry))
            log.write(stage=f"{stage}-epoch", **entry)
    return params


def train(train_set: dict[str, np.ndarray], val_set: dict[str, np.ndarray], args: argparse.Namespace,
          log: Log) -> pol.Params:
    """The heuristic's values first (``--pretrain-epochs``: a network that
    starts out judging as greedy does, from decisions that cost no
    play-out), then the play-outs' (``--epochs``), the heuristic's still
    fitted beside them at ``--heuristic-weight`` (so that a few thousand
    noisy play-out labels refine greedy's judgement rather than replace it)."""
    scale = margin_scale(train_set["lead"])
    val = (val_set, play_out_targets(val_set, scale)) if val_set else None
    rows = jnp.asarray(train_set["rows"])
    log.write(stage="train-start", decisions=len(train_set["idx"]), heuristic_decisions=len(train_set["h_idx"]),
              rows=int(rows.shape[0]), held_out=len(val_set.get("idx", ())), scale=scale,
              hidden=list(args.hidden), lr=args.lr, weight_decay=args.weight_decay, level_weight=args.level_weight,
              heuristic_weight=args.heuristic_weight, seed=args.seed)
    params = pol.init_mlp(jax.random.key(args.seed), (rows.shape[1], *args.hidden, 1))
    h_target = np.clip(train_set["h_value"] / scale, -LOGIT_CAP, LOGIT_CAP).astype(np.float32)
    heuristic = (train_set["h_idx"], train_set["h_valid"], h_target)
    if args.pretrain_epochs:
        params = fit(params, rows, heuristic, args.pretrain_epochs, "heuristic", val, args, log)
    play_outs = (train_set["idx"], train_set["valid"], as_logit(play_out_targets(train_set, scale)))
    beside = (heuristic, args.heuristic_weight) if args.heuristic_weight else None
    return fit(params, rows, play_outs, args.epochs, "play-outs", val, args, log, beside)


def inputs_seen(rows: np.ndarray) -> np.ndarray:
    """bool[obs]: the inputs that are not zero in some row (read in slices, not all at once)."""
    seen = np.zeros(rows.shape[1], bool)
    for start in range(0, len(rows), 65536):
        seen |= (rows[start:start + 65536] != 0).any(axis=0)
    return seen


def unseen_inputs_zeroed(params: pol.Params, seen: np.ndarray) -> pol.Params:
    """The first layer's weights of inputs never ``seen`` in training set to
    zero. Why: those weights only ever decayed (their gradient is zero), so
    they carry no learning, and zeros make the compressed file a fraction of
    its size (most of a two-seat tensor is the padding of seats three to five)."""
    (w0, b0), *rest = params
    return [(jnp.where(jnp.asarray(seen)[:, None], w0, 0.0), b0), *rest]


# -- evaluation --------------------------------------------------------------------------
def evaluate(path: Path, duels: int, workers: int, log: Log, opponent: str = "greedy", worlds: int = 1
             ) -> dict[str, Any]:
    """The agent's win share over ``duels`` duels against ``opponent``
    through the engine (``gameshelf simulate``'s job, seats alternating),
    rating each move on ``worlds`` re-dealt worlds."""
    agent = f"jax-policy[path={path}]" if worlds == 1 else f"jax-policy[path={path},worlds={worlds}]"
    job = Job(game=GAME, players=2, bots=(agent, opponent), games=duels, seed=BENCH_SEED)
    outcome = run_job(job, workers=workers, progress=sys.stderr.isatty())
    if outcome.error:
        raise RuntimeError(f"{agent}: {outcome.error}")
    shares = {0: [], 1: []}  # the agent's win share by the seat it took
    for r in outcome.results:
        seat = r.seats.index(agent)
        shares[seat].append(r.win_shares[seat])
    result: dict[str, Any] = {"checkpoint": str(path), "agent": agent, "opponent": opponent, "seed": BENCH_SEED,
                              "all": win_share(shares[0] + shares[1]), "seat 0": win_share(shares[0]),
                              "seat 1": win_share(shares[1])}
    for name in ("all", "seat 0", "seat 1"):
        s = result[name]
        print(f"agent vs {opponent} ({name}): {s['wins']:g} of {s['n']}, {100 * s['share']:.1f}% "
              f"[{100 * s['low']:.1f}–{100 * s['high']:.1f}]")
    log.write(stage="evaluate", **result)
    return result


def main(argv: list[str] | None = None) -> dict[str, Any] | None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("/tmp/gameshelf-filthy-rich-labels"),
                        help="folder of the labelled duels (kept; a rerun labels only the missing ones)")
    parser.add_argument("--deals", type=positive, default=1500, help="training deals to label (0: train on what is kept)")
    parser.add_argument("--first", type=positive, default=0, help="index of the first training deal")
    parser.add_argument("--player", default="greedy[noise=0.1]", help="bot spec of one seat of the labelled duels")
    parser.add_argument("--opponent", default="greedy[noise=0.1]", help="bot spec of the other seat")
    parser.add_argument("--sample", type=float, default=0.25, help="share of the decisions labelled")
    parser.add_argument("--worlds", type=positive, default=4, help="re-dealt worlds each move is played out on")
    parser.add_argument("--depth", type=positive, default=12, help="greedy decisions in a play-out")
    parser.add_argument("--cheap", type=float, default=1.0,
                        help="share of the other decisions kept with the heuristic's values (no play-out)")
    add_network_arguments(parser, hidden="128,64", epochs=20, batch=256, val_every=10, held_out="deal")
    parser.add_argument("--pretrain-epochs", type=positive, default=5,
                        help="epochs on the heuristic's values before the play-outs' (0: none)")
    parser.add_argument("--no-decay", dest="decay", action="store_false",
                        help="keep the learning rate constant (default: a cosine decay to zero in each stage)")
    parser.add_argument("--heuristic-weight", type=float, default=0.5,
                        help="weight of the heuristic's values beside the play-outs' (0: play-outs alone)")
    parser.add_argument("--level-weight", type=float, default=0.1,
                        help="weight of the plain error beside the error from each decision's mean")
    parser.add_argument("--duels", type=positive, default=500, help="duels against greedy to evaluate (0: none)")
    parser.add_argument("--workers", type=int, default=1, help="processes for the evaluation's duels")
    parser.add_argument("--play-worlds", type=int, default=1,
                        help="the agent's worlds setting in the evaluation (jax-policy[worlds=N])")
    parser.add_argument("--evaluate", type=Path, metavar="FILE", help="only evaluate this policy file")
    parser.add_argument("--labels-only", action="store_true", help="label the deals and stop")
    args = parser.parse_args(argv)
    try:
        args.hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        parser.error("--hidden takes widths such as 128,64")
    if any(h < 1 for h in args.hidden) or args.batch < 1 or args.workers < 1 or args.play_worlds < 1 or not 0 < args.sample <= 1 \
            or args.worlds < 1 or not args.lr > 0:
        parser.error("widths, --batch, --workers and --worlds take 1 or more, --sample a share in (0, 1], --lr > 0")
    log = Log(args.log)
    if args.evaluate is not None:
        return evaluate(args.evaluate, args.duels, args.workers, log, worlds=args.play_worlds) if args.duels else None
    if args.out is None and not args.labels_only:
        parser.error("training needs --out FILE")
    log.write(stage="start", argv=sys.argv[1:] if argv is None else list(argv), jax=jax.__version__,
              device=str(jax.devices()[0]))
    if args.deals:
        collect(args, log)
    if args.labels_only:
        return None
    train_set, val_set = load_split(args.data, args.val_every)
    if not train_set:
        parser.error(f"{args.data} holds no labelled decision to train on")
    params = unseen_inputs_zeroed(train(train_set, val_set, args, log), inputs_seen(train_set["rows"]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pol.save(args.out, make(GAME), params, avoid=(), kind="afterstate")
    log.write(stage="saved", path=str(args.out), bytes=args.out.stat().st_size)
    print(f"policy written to {args.out} ({args.out.stat().st_size:,} bytes)")
    return evaluate(args.out, args.duels, args.workers, log, worlds=args.play_worlds) if args.duels else None


if __name__ == "__main__":
    main()
