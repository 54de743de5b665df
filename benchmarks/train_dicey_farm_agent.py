"""Train Dicey Farm's reference agent in JAX and measure it on the benchmark's 200 deals.

How: imitation of the engine's planner (the hard level). The planner's games
are played by the engine (``benchmarks/dicey_farm_teacher.py``, kept as
shards, resumable); a perceptron over the observation tensor learns the
planner's move in every position (cross-entropy over the legal ids, optax's
AdamW); the result is written as a policy file (``gameshelf.bots.policy_file``)
that the ``jax-policy`` bot plays through the engine. Why imitation and not
PPO from scratch: the PPO example reaches 27.6 VP in four minutes of CPU, and
this machine has minutes, not the hours a learner needs to find on its own
what the planner already plays; a teacher's labels say which move was best
at every decision, where a reward says so only at a round's end.

The evaluation plays the deals of ``benchmarks/bots.py --seed 11`` (the
greedy bot's 77.9 VP): game ``i`` is ``Job(seed=11).task(i).seed``, in JAX
(``engine_deal(seed)``, all deals at once) and through the engine (the bot in
``run_job``, what ``gameshelf simulate dicey-farm -p 1 -b 'jax-policy[path=FILE]'
-n 200 -s 11`` runs), beside the greedy bot on the same deals; each mean with
its 95% interval, and the agent's per-deal gap over greedy.

Usage::

    python benchmarks/train_dicey_farm_agent.py --data /tmp/teacher --teacher-games 1500 \\
        --epochs 30 --out src/gameshelf/bots/agents/dicey-farm-v1.npz --log benchmarks/runs/dicey-farm-agent-v1.jsonl
    python benchmarks/train_dicey_farm_agent.py --evaluate src/gameshelf/bots/agents/dicey-farm-v1.npz

Needs the ``jax`` extra (jax, optax).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dicey_farm_teacher import GAME, write_shard
from gameshelf.core.registry import load_game
from gameshelf.rl.jax import dicey_farm as df
from gameshelf.rl.jax import make
from gameshelf.rl.jax import policy as pol
from gameshelf.sim.job import Job
from gameshelf.sim.runner import run_job

ENV = make(GAME)
#: the benchmark's job seed (benchmarks/bots.py --seed 11, journal's 77.9 and 102.2)
BENCH_SEED = 11
#: a Dicey Farm game takes 100-200 moves; the longest seen is well below this
MAX_MOVES = 600


class Log:
    """The run's raw log: one JSON object a line, flushed as written."""

    def __init__(self, path: Path | None) -> None:
        self.file = None if path is None else path.open("a", encoding="utf-8")

    def write(self, **entry: Any) -> None:
        if self.file is not None:
            self.file.write(json.dumps({"t": round(time.time(), 1), **entry}) + "\n")
            self.file.flush()


# -- teacher games ---------------------------------------------------------------------
def collect(data: Path, games: int, teacher: str, noise: float, workers: int, log: Log) -> None:
    """Make sure ``data`` holds training deals 0..games-1 played by ``teacher``."""
    data.mkdir(parents=True, exist_ok=True)
    scores: list[float] = []
    with Progress() as bar:
        task = bar.add_task(f"teacher games ({teacher})", total=games)
        if workers == 1:
            for i in range(games):
                scores.append(write_shard(data, i, teacher, noise)[1])
                bar.advance(task)
        else:
            # spawn, not fork: JAX's threads are already running in this process
            with ProcessPoolExecutor(workers, multiprocessing.get_context("spawn")) as pool:
                futures = [pool.submit(write_shard, data, i, teacher, noise) for i in range(games)]
                for future in futures:
                    scores.append(future.result()[1])
                    bar.advance(task)
    log.write(stage="teacher", games=games, teacher=teacher, noise=noise, mean_score=float(np.mean(scores)))


def load_split(data: Path, games: int, val_every: int) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Training and validation decisions: every ``val_every``-th game is held out."""
    train: dict[str, list[np.ndarray]] = {"obs": [], "mask": [], "label": []}
    val: dict[str, list[np.ndarray]] = {"obs": [], "mask": [], "label": []}
    for i in range(games):
        with np.load(data / f"game-{i:06d}.npz", allow_pickle=False) as shard:
            into = val if val_every and i % val_every == val_every - 1 else train
            for key, items in into.items():
                items.append(shard[key])

    def joined(parts: dict[str, list[np.ndarray]]) -> dict[str, np.ndarray]:
        if not parts["obs"]:
            return {"obs": np.zeros((0, df.OBS_SIZE), np.float32), "mask": np.zeros((0, df.N_ACTIONS), bool),
                    "label": np.zeros(0, np.int32)}
        return {k: np.concatenate(v) for k, v in parts.items()}

    return joined(train), joined(val)


# -- imitation ---------------------------------------------------------------------------
def make_trainer(avoid: jax.Array, lr: float, weight_decay: float):  # type: ignore[no-untyped-def]
    """A jitted ``(params, opt_state, batches) -> (params, opt_state, loss)`` over a chunk of batches."""
    optimizer = optax.adamw(lr, weight_decay=weight_decay)

    def loss_fn(params: pol.Params, obs: jax.Array, mask: jax.Array, label: jax.Array) -> jax.Array:
        out = jnp.where(pol.allowed(mask, avoid), pol.logits(params, obs), -1e9)
        return -jnp.take_along_axis(jax.nn.log_softmax(out), label[:, None], 1).mean()

    @jax.jit
    def steps(params: pol.Params, opt_state: Any, obs: jax.Array, mask: jax.Array, label: jax.Array):  # type: ignore[no-untyped-def]
        def one(carry, batch):  # type: ignore[no-untyped-def]
            params, opt_state = carry
            loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
            updates, opt_state = optimizer.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, opt_state), losses = jax.lax.scan(one, (params, opt_state), (obs, mask, label))
        return params, opt_state, losses.mean()

    return optimizer, steps


def accuracy(params: pol.Params, avoid: jax.Array, data: dict[str, np.ndarray]) -> float:
    """The share of decisions where the policy plays the teacher's move."""
    if len(data["label"]) == 0:
        return float("nan")
    hits = 0
    for start in range(0, len(data["label"]), 8192):
        part = slice(start, start + 8192)
        moves = pol.act(params, jnp.asarray(data["obs"][part]), jnp.asarray(data["mask"][part]), avoid)
        hits += int(np.sum(np.asarray(moves) == data["label"][part]))
    return hits / len(data["label"])


def train(train_set: dict[str, np.ndarray], val_set: dict[str, np.ndarray], args: argparse.Namespace,
          avoid_ids: Sequence[int], log: Log) -> pol.Params:
    """Fit the perceptron to the teacher's moves; log loss and held-out agreement per epoch."""
    avoid = pol.avoid_mask(ENV, avoid_ids)
    keep = np.asarray(pol.allowed(jnp.asarray(train_set["mask"]), avoid))[
        np.arange(len(train_set["label"])), train_set["label"]]
    obs, mask, label = (train_set[k][keep] for k in ("obs", "mask", "label"))
    label = label.astype(np.int32)
    key = jax.random.key(args.seed)
    key, k_init = jax.random.split(key)
    params = pol.init_mlp(k_init, (df.OBS_SIZE, *args.hidden, df.N_ACTIONS))
    optimizer, steps = make_trainer(avoid, args.lr, args.weight_decay)
    opt_state = optimizer.init(params)
    batch = min(args.batch, len(label))
    per_epoch = len(label) // batch
    chunk = max(1, min(per_epoch, 50))
    rng = np.random.default_rng(args.seed)
    log.write(stage="train-start", decisions=len(label), dropped=int((~keep).sum()),
              held_out=len(val_set["label"]), hidden=list(args.hidden), batch=batch, lr=args.lr,
              epochs=args.epochs, seed=args.seed)
    with Progress() as bar:
        task = bar.add_task("imitation", total=args.epochs * per_epoch)
        for epoch in range(args.epochs):
            order = rng.permutation(len(label))[: per_epoch * batch].reshape(per_epoch, batch)
            losses = []
            for start in range(0, per_epoch, chunk):
                idx = order[start:start + chunk]
                params, opt_state, loss = steps(params, opt_state, jnp.asarray(obs[idx]),
                                                jnp.asarray(mask[idx]), jnp.asarray(label[idx]))
                losses.append(float(loss))
                bar.advance(task, len(idx))
            entry = {"epoch": epoch + 1, "loss": float(np.mean(losses)),
                     "val_agreement": accuracy(params, avoid, val_set)}
            bar.console.print(json.dumps(entry))
            log.write(stage="epoch", **entry)
    return params


# -- evaluation --------------------------------------------------------------------------
def bench_seeds(deals: int) -> list[int]:
    """The engine seeds of the benchmark's deals (game i of ``Job(seed=11)``)."""
    job = Job(game=GAME, players=1, bots=("greedy",), games=deals, seed=BENCH_SEED)
    return [job.task(i).seed for i in range(deals)]


def interval(scores: Sequence[float]) -> dict[str, float]:
    """Mean and its 95% normal interval."""
    values = np.asarray(scores, float)
    half = 1.959963984540054 * values.std(ddof=1) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return {"n": len(values), "mean": float(values.mean()), "low": float(values.mean() - half),
            "high": float(values.mean() + half), "sd": float(values.std(ddof=1)) if len(values) > 1 else 0.0}


def jax_scores(params: pol.Params, avoid_ids: Sequence[int], seeds: Sequence[int]) -> list[float]:
    """The policy's final VP on each engine deal, played in JAX, all deals at once."""
    deals = [df.engine_deal(seed) for seed in seeds]
    batched = [np.stack([np.asarray(d[k]) for d in deals]) for k in range(4)]
    states = jax.vmap(df.init_with_deal)(*batched)
    avoid = pol.avoid_mask(ENV, avoid_ids)
    final = jax.jit(lambda p, s: pol.play(ENV, p, avoid, s, MAX_MOVES))(params, states)
    if not bool(jnp.all(final.terminated)):
        raise RuntimeError(f"{int((~final.terminated).sum())} games still running after {MAX_MOVES} moves")
    return [float(x) for x in jax.vmap(df.score)(final)]


def engine_scores(spec: str, deals: int, workers: int) -> list[float]:
    """``spec``'s scores on the benchmark's deals through the engine: ``gameshelf simulate``'s job."""
    job = Job(game=GAME, players=1, bots=(spec,), games=deals, seed=BENCH_SEED)
    outcome = run_job(job, workers=workers, progress=sys.stderr.isatty())
    if outcome.error:
        raise RuntimeError(f"{spec}: {outcome.error}")
    return [r.scores[0] for r in sorted(outcome.results, key=lambda r: r.index)]


def evaluate(path: Path, params: pol.Params, avoid_ids: Sequence[int], args: argparse.Namespace,
             log: Log) -> dict[str, Any]:
    """The agent (in JAX and through the engine) and greedy on the same deals."""
    result: dict[str, Any] = {"deals": args.deals, "seed": BENCH_SEED, "checkpoint": str(path)}
    by_bot: dict[str, list[float]] = {}
    if args.jax_eval:
        by_bot["agent (JAX)"] = jax_scores(params, avoid_ids, bench_seeds(args.deals))
    by_bot["agent (engine)"] = engine_scores(f"jax-policy[path={path}]", args.deals, args.workers)
    by_bot["greedy (engine)"] = engine_scores("greedy", args.deals, args.workers)
    for name, scores in by_bot.items():
        result[name] = interval(scores)
        stats = result[name]
        print(f"{name:16} {stats['mean']:6.1f} VP  95% [{stats['low']:.1f}, {stats['high']:.1f}]  "
              f"sd {stats['sd']:.1f} over {stats['n']} deals")
    gaps = np.subtract(by_bot["agent (engine)"], by_bot["greedy (engine)"])
    result["gap"] = interval(gaps.tolist())
    result["better_deals"] = int((gaps > 0).sum())
    result["worse_deals"] = int((gaps < 0).sum())
    if "agent (JAX)" in by_bot:
        result["jax_engine_equal"] = int(np.sum(np.equal(by_bot["agent (JAX)"], by_bot["agent (engine)"])))
    g = result["gap"]
    print(f"agent − greedy per deal: {g['mean']:+.1f} [{g['low']:+.1f}, {g['high']:+.1f}]; "
          f"better on {result['better_deals']}, worse on {result['worse_deals']}")
    log.write(stage="evaluate", **result)
    return result


def positive(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def main(argv: list[str] | None = None) -> dict[str, Any] | None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("/tmp/gameshelf-dicey-farm-teacher"),
                        help="folder of the teacher's games (kept; a rerun plays only the missing ones)")
    parser.add_argument("--teacher-games", type=positive, default=1500)
    parser.add_argument("--teacher", default="hard", help="bot spec of the teacher (default: the planner)")
    parser.add_argument("--noise", type=float, default=0.05, help="share of random moves in the teacher's games")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--hidden", default="256,128", help="hidden layer widths")
    parser.add_argument("--epochs", type=positive, default=30)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=1e-4)
    parser.add_argument("--val-every", type=positive, default=20, help="hold out every n-th game (0: none)")
    parser.add_argument("--seed", type=positive, default=0)
    parser.add_argument("--out", type=Path, help="where the policy file goes")
    parser.add_argument("--log", type=Path, help="raw log, one JSON line per stage and epoch (appended)")
    parser.add_argument("--deals", type=positive, default=200, help="benchmark deals to evaluate on (0: none)")
    parser.add_argument("--no-jax-eval", dest="jax_eval", action="store_false",
                        help="evaluate through the engine only (JAX's compile takes a minute on a CPU)")
    parser.add_argument("--evaluate", type=Path, metavar="FILE", help="only evaluate this policy file")
    args = parser.parse_args(argv)
    try:
        args.hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        parser.error("--hidden takes widths such as 256,128")
    if any(h < 1 for h in args.hidden) or args.batch < 1 or args.workers < 1 or not 0 <= args.noise < 1 \
            or not args.lr > 0:
        parser.error("widths, --batch and --workers take 1 or more, --noise a share in [0, 1), --lr > 0")
    log = Log(args.log)
    avoid_ids = (load_game(GAME).action_id(_back()),)
    if args.evaluate is not None:
        params, avoid_ids = pol.load(args.evaluate, ENV)
        return evaluate(args.evaluate, params, avoid_ids, args, log) if args.deals else None
    if args.out is None or args.teacher_games < 1:
        parser.error("training needs --out FILE and --teacher-games ≥ 1")
    log.write(stage="start", argv=sys.argv[1:] if argv is None else list(argv), jax=jax.__version__,
              device=str(jax.devices()[0]))
    collect(args.data, args.teacher_games, args.teacher, args.noise, args.workers, log)
    train_set, val_set = load_split(args.data, args.teacher_games, args.val_every)
    params = train(train_set, val_set, args, avoid_ids, log)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pol.save(args.out, ENV, params, avoid_ids)
    log.write(stage="saved", path=str(args.out), bytes=args.out.stat().st_size)
    print(f"policy written to {args.out} ({args.out.stat().st_size:,} bytes)")
    return evaluate(args.out, params, avoid_ids, args, log) if args.deals else None


def _back() -> Any:
    """Dicey Farm's ``Back`` (put the picked die back): the one id a policy plays only when forced."""
    game = load_game(GAME)
    return next(game.action_from_id(i) for i in range(game.num_distinct_actions)
                if str(game.action_from_id(i)) == "back")


if __name__ == "__main__":
    main()
