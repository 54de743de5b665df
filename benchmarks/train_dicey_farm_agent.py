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

``--labels values`` learns every move's value instead of the teacher's one
choice (``dicey_farm_teacher.value_game``: the move, greedy play to the
round's end, the heuristic there), after the heuristic's own values of the
same moves (``write_heuristic``); docs/research/jax.md, "Values instead of
choices", has its runs::

    python benchmarks/dicey_farm_teacher.py --values --out /tmp/values --games 280 --player greedy --noise 0.1
    python benchmarks/train_dicey_farm_agent.py --labels values --data /tmp/values --teacher-games 280 \
        --hidden 512,256 --epochs 20 --out /tmp/a.npz --deals 60 --no-jax-eval

Needs the ``jax`` extra (jax, optax).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agent_training import Log, add_network_arguments, interval, make_trainer, positive, value_loss
from dicey_farm_teacher import GAME, write_afterstates, write_heuristic, write_shard, write_values
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
#: move values (VP) as the network's targets: a tenth keeps them near 1
VALUE_SCALE = 0.1
#: weight of the values' level beside their differences within a decision:
#: small, since only the differences choose a move (at 0.1 the level's error
#: took the network's capacity: held-out regret 1.77 VP a decision against 1.51)
LEVEL_WEIGHT = 0.001


# -- teacher games ---------------------------------------------------------------------
def collect(data: Path, games: int, args: argparse.Namespace, log: Log) -> None:
    """Make sure ``data`` holds training deals 0..games-1: the teacher's games
    (``--labels teacher``), or ``--player``'s games with every move valued
    (``--labels values``)."""
    data.mkdir(parents=True, exist_ok=True)
    if args.labels == "values":
        write = partial(write_values, data, player=args.player, noise=args.noise, samples=args.samples)
        what = f"valued games ({args.player})"
    else:
        write = partial(write_shard, data, teacher=args.teacher, noise=args.noise)
        what = f"teacher games ({args.teacher})"
    scores: list[float] = []
    with Progress() as bar:
        task = bar.add_task(what, total=games)
        if args.workers == 1:
            for i in range(games):
                scores.append(write(i)[1])
                bar.advance(task)
        else:
            # spawn, not fork: JAX's threads are already running in this process
            with ProcessPoolExecutor(args.workers, multiprocessing.get_context("spawn")) as pool:
                for _, score, _ in pool.map(write, range(games)):
                    scores.append(score)
                    bar.advance(task)
    if args.labels == "values":  # the heuristic's view of every kept game's moves (a replay: seconds)
        for path in sorted(data.glob("values-*.npz")):
            write_heuristic(data, int(path.stem.split("-")[1]))
    log.write(stage="games", labels=args.labels, games=games, teacher=args.teacher, player=args.player,
              noise=args.noise, mean_score=float(np.mean(scores)))


def collect_afterstates(data: Path, games: int, noise: float, log: Log) -> None:
    """The positions after each legal move of every kept decision (a replay, no teacher)."""
    decisions = 0
    with Progress() as bar:
        task = bar.add_task("positions after each move", total=games)
        for i in range(games):
            decisions += write_afterstates(data, i, noise)
            bar.advance(task)
    log.write(stage="afterstates", games=games, decisions=decisions)


def load_split(data: Path, games: int, val_every: int, kind: str) -> tuple[dict[str, np.ndarray], ...]:
    """Training and held-out decisions (every ``val_every``-th game held out),
    as the arrays a batch is cut from, ``kind`` by kind:

    - ``logits``: ``obs`` [D, obs], ``mask`` [D, ids], ``choice`` (the teacher's id);
    - ``afterstate``: ``idx`` [D, M] rows of ``rows`` (the positions after each
      legal move, ``rows`` float16 [R, obs]), ``valid`` [D, M], ``choice`` (the
      teacher's move's place among them);
    - ``values``: as ``afterstate``, with ``value`` [D, M] (each move's value,
      ``dicey_farm_teacher.value_game``, times :data:`VALUE_SCALE`) and
      ``choice`` the best-valued move's place.
    """
    prefix = {"logits": "game", "afterstate": "after", "values": "values"}[kind]
    if kind == "values":  # every valued game kept (DAgger rounds add games past the first ones)
        paths = sorted(data.glob("values-*.npz"))
    else:
        paths = [data / f"{prefix}-{i:06d}.npz" for i in range(games)]
    sets: list[dict[str, list[np.ndarray]]] = [{}, {}]
    heuristics = [path.with_name(path.name.replace("values-", "heuristic-")) for path in paths]
    with_heuristic = kind == "values" and all(h.exists() for h in heuristics)
    for i, path in enumerate(paths):
        into = sets[1] if val_every and i % val_every == val_every - 1 else sets[0]
        for name in (path, heuristics[i]) if with_heuristic else (path,):
            with np.load(name, allow_pickle=False) as shard:
                for key in shard.files:
                    into.setdefault(key, []).append(shard[key])
    out = []
    for parts in sets:
        if not parts:
            out.append({})
            continue
        if kind == "logits":
            out.append({"obs": np.concatenate(parts["obs"]), "mask": np.concatenate(parts["mask"]),
                        "choice": np.concatenate(parts["label"]).astype(np.int32)})
            continue
        offsets = np.cumsum([0] + [len(a) for a in parts["after"][:-1]])
        first = np.concatenate([st[:-1] + off for st, off in zip(parts["start"], offsets, strict=True)])
        count = np.concatenate([np.diff(st) for st in parts["start"]])
        width = int(count.max())
        idx = np.where(np.arange(width)[None] < count[:, None], first[:, None] + np.arange(width)[None], 0)
        valid = np.arange(width)[None] < count[:, None]
        decisions = {"rows": np.concatenate(parts["after"]), "idx": idx.astype(np.int32), "valid": valid}
        if kind == "afterstate":
            decisions["choice"] = np.concatenate(parts["pos"]).astype(np.int32)
        else:
            value = np.where(valid, np.concatenate(parts["value"])[idx] * VALUE_SCALE, 0.0).astype(np.float32)
            decisions["value"] = value
            decisions["played"] = np.concatenate(parts["pos"]).astype(np.int32)
            if "heuristic" in parts:
                heuristic = np.concatenate(parts["heuristic"])[idx] * VALUE_SCALE
                decisions["heuristic"] = np.where(valid, heuristic, 0.0).astype(np.float32)
            decisions["choice"] = np.argmax(np.where(valid, value, -np.inf), axis=1).astype(np.int32)
        out.append(decisions)
    return tuple(out)


# -- imitation ---------------------------------------------------------------------------
def scores_fn(kind: str, avoid: jax.Array, rows: jax.Array | None):  # type: ignore[no-untyped-def]
    """``(params, *batch) -> scores`` of the candidates of each decision, -1e9 where not allowed."""
    if kind == "logits":
        def logit_scores(params: pol.Params, obs: jax.Array, mask: jax.Array) -> jax.Array:
            return jnp.where(pol.allowed(mask, avoid), pol.logits(params, obs), -1e9)
        return logit_scores

    def after_scores(params: pol.Params, idx: jax.Array, valid: jax.Array) -> jax.Array:
        assert rows is not None
        return jnp.where(valid, pol.logits(params, rows[idx].astype(jnp.float32))[..., 0], -1e9)
    return after_scores


def imitation_loss(score):  # type: ignore[no-untyped-def]
    """``(params, *inputs, choice) -> loss``: cross-entropy of the teacher's move among the scored candidates."""
    def loss_fn(params: pol.Params, *batch: jax.Array) -> jax.Array:
        *inputs, choice = batch
        return -jnp.take_along_axis(jax.nn.log_softmax(score(params, *inputs)), choice[:, None], 1).mean()
    return loss_fn


def agreement(score, params: pol.Params, data: dict[str, np.ndarray], inputs: Sequence[str]) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """The share of decisions where the policy plays the teacher's (or the
    best-valued) move; with values, also the mean VP its moves give up
    against the best-valued one (``val_regret_vp``), and what the moves the
    games' player made gave up (``player_regret_vp``: the bar to pass)."""
    if not data:
        return {"val_agreement": float("nan")}
    hits, regret, played, by_greedy = 0, 0.0, 0.0, 0.0
    for start in range(0, len(data["choice"]), 4096):
        part = slice(start, start + 4096)
        best = np.asarray(jnp.argmax(score(params, *(jnp.asarray(data[k][part]) for k in inputs)), axis=-1))
        hits += int(np.sum(best == data["choice"][part]))
        if "value" in data:
            value = data["value"][part]
            rows = np.arange(len(best))
            regret += float(np.sum(value[rows, data["choice"][part]] - value[rows, best]))
            played += float(np.sum(value[rows, data["choice"][part]] - value[rows, data["played"][part]]))
            if "heuristic" in data:
                greedy = np.argmax(np.where(data["valid"][part], data["heuristic"][part], -np.inf), axis=1)
                by_greedy += float(np.sum(value[rows, data["choice"][part]] - value[rows, greedy]))
    out = {"val_agreement": hits / len(data["choice"])}
    if "value" in data:
        # beside the moves the games' own player made (greedy, noise included)
        out["val_regret_vp"] = regret / len(data["choice"]) / VALUE_SCALE
        out["player_regret_vp"] = played / len(data["choice"]) / VALUE_SCALE
        if "heuristic" in data:  # greedy's one-step choice (the first of equals)
            out["greedy_regret_vp"] = by_greedy / len(data["choice"]) / VALUE_SCALE
    return out


def train(train_set: dict[str, np.ndarray], val_set: dict[str, np.ndarray], args: argparse.Namespace,
          avoid_ids: Sequence[int], log: Log) -> pol.Params:
    """Fit the perceptron to the teacher's moves; log loss and held-out agreement per epoch."""
    avoid = pol.avoid_mask(ENV, avoid_ids)
    if args.kind == "logits":
        inputs: tuple[str, ...] = ("obs", "mask")
        allowed = np.asarray(pol.allowed(jnp.asarray(train_set["mask"]), avoid))
        keep = allowed[np.arange(len(train_set["choice"])), train_set["choice"]]
        train_set = {k: v[keep] for k, v in train_set.items()}
        out_width, rows, val_rows = df.N_ACTIONS, None, None
    else:
        inputs, keep = ("idx", "valid"), np.ones(len(train_set["choice"]), bool)
        out_width = 1
        rows = jnp.asarray(train_set.pop("rows"))
        val_rows = jnp.asarray(val_set.pop("rows")) if val_set else None
    choice = train_set["choice"]
    key = jax.random.key(args.seed)
    params = pol.init_mlp(key, (df.OBS_SIZE, *args.hidden, out_width))
    val_score = scores_fn(args.kind, avoid, val_rows)
    log.write(stage="train-start", kind=args.kind, labels=args.labels, decisions=len(choice),
              dropped=int((~keep).sum()), held_out=len(val_set.get("choice", ())), hidden=list(args.hidden),
              batch=min(args.batch, len(choice)), lr=args.lr, epochs=args.epochs, seed=args.seed)
    stages: list[tuple[str, Any, tuple[str, ...], int]] = []
    if args.labels == "values":
        fit = value_loss(rows, LEVEL_WEIGHT)
        if "heuristic" in train_set and args.pretrain_epochs:
            stages.append(("pretrain", fit, ("heuristic",), args.pretrain_epochs))
        if "heuristic" in train_set and args.heuristic_weight:
            weight = args.heuristic_weight

            def beside(params: pol.Params, idx: jax.Array, valid: jax.Array, value: jax.Array,
                       heuristic: jax.Array) -> jax.Array:
                return fit(params, idx, valid, value) + weight * fit(params, idx, valid, heuristic)

            stages.append(("values", beside, ("value", "heuristic"), args.epochs))
        else:
            stages.append(("values", fit, ("value",), args.epochs))
    else:
        stages.append(("imitation", imitation_loss(scores_fn(args.kind, avoid, rows)), ("choice",), args.epochs))
    rng = np.random.default_rng(args.seed)
    for stage, loss_fn, targets, epochs in stages:
        params = fit_epochs(params, loss_fn, (*inputs, *targets), epochs, stage, train_set, args, rng,
                            lambda p: agreement(val_score, p, val_set, inputs), log)
    return params


def fit_epochs(params: pol.Params, loss_fn: Any, keys: Sequence[str], epochs: int, stage: str,
               train_set: dict[str, np.ndarray], args: argparse.Namespace, rng: np.random.Generator,
               held_out: Any, log: Log) -> pol.Params:
    """``epochs`` of AdamW on ``loss_fn`` over batches of ``train_set[keys]``;
    the held-out figures after each epoch go to the log as ``stage``."""
    count = len(train_set["choice"])
    optimizer, steps = make_trainer(loss_fn, args.lr, args.weight_decay)
    opt_state = optimizer.init(params)
    batch = min(args.batch, count)
    per_epoch = count // batch
    chunk = max(1, min(per_epoch, 50))
    with Progress() as bar:
        task = bar.add_task(stage, total=epochs * per_epoch)
        for epoch in range(epochs):
            order = rng.permutation(count)[: per_epoch * batch].reshape(per_epoch, batch)
            losses = []
            for start in range(0, per_epoch, chunk):
                idx = order[start:start + chunk]
                params, opt_state, loss = steps(params, opt_state, *(jnp.asarray(train_set[k][idx]) for k in keys))
                losses.append(float(loss))
                bar.advance(task, len(idx))
            entry = {"stage": stage, "epoch": epoch + 1, "loss": float(np.mean(losses)), **held_out(params)}
            bar.console.print(json.dumps(entry))
            log.write(**{**entry, "stage": "epoch", "fit": stage})
    return params


# -- evaluation --------------------------------------------------------------------------
def bench_seeds(deals: int) -> list[int]:
    """The engine seeds of the benchmark's deals (game i of ``Job(seed=11)``)."""
    job = Job(game=GAME, players=1, bots=("greedy",), games=deals, seed=BENCH_SEED)
    return [job.task(i).seed for i in range(deals)]


def jax_scores(params: pol.Params, avoid_ids: Sequence[int], seeds: Sequence[int], kind: str) -> list[float]:
    """The policy's final VP on each engine deal, played in JAX, all deals at once."""
    deals = [df.engine_deal(seed) for seed in seeds]
    batched = [np.stack([np.asarray(d[k]) for d in deals]) for k in range(4)]
    states = jax.vmap(df.init_with_deal)(*batched)
    avoid = pol.avoid_mask(ENV, avoid_ids)
    key = jax.random.key(BENCH_SEED)
    final = jax.jit(lambda p, s: pol.play(ENV, p, avoid, s, MAX_MOVES, kind, key))(params, states)
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


def evaluate(path: Path, params: pol.Params, avoid_ids: Sequence[int], kind: str, args: argparse.Namespace,
             log: Log) -> dict[str, Any]:
    """The agent (in JAX and through the engine) and greedy on the same deals."""
    result: dict[str, Any] = {"deals": args.deals, "seed": BENCH_SEED, "checkpoint": str(path), "kind": kind}
    by_bot: dict[str, list[float]] = {}
    if args.jax_eval:
        by_bot["agent (JAX)"] = jax_scores(params, avoid_ids, bench_seeds(args.deals), kind)
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


def main(argv: list[str] | None = None) -> dict[str, Any] | None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("/tmp/gameshelf-dicey-farm-teacher"),
                        help="folder of the teacher's games (kept; a rerun plays only the missing ones)")
    parser.add_argument("--teacher-games", type=positive, default=1500)
    parser.add_argument("--teacher", default="hard", help="bot spec of the teacher (default: the planner)")
    parser.add_argument("--noise", type=float, default=0.05, help="share of random moves in the teacher's games")
    parser.add_argument("--labels", choices=("teacher", "values"), default="teacher",
                        help="learn the teacher's move (teacher) or every move's planner value (values; afterstate only)")
    parser.add_argument("--pretrain-epochs", type=positive, default=8,
                        help="with --labels values and heuristic-*.npz: epochs on the heuristic's values first")
    parser.add_argument("--heuristic-weight", type=float, default=0.5,
                        help="with --labels values and heuristic-*.npz: the heuristic's weight beside the values")
    parser.add_argument("--player", default="greedy", help="with --labels values: the bot that makes the moves")
    parser.add_argument("--samples", type=positive, default=1, help="with --labels values: re-dealt worlds a move is valued on")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--kind", choices=("afterstate", "logits"), default="afterstate",
                        help="rate the position after each move (afterstate) or name an id from the position (logits)")
    add_network_arguments(parser, hidden="256,128", epochs=30, batch=512, val_every=20, held_out="game")
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
    if args.labels == "values" and args.kind != "afterstate":
        parser.error("--labels values rates positions: it needs --kind afterstate")
    log = Log(args.log)
    avoid_ids = (load_game(GAME).action_id(_back()),)
    if args.evaluate is not None:
        params, avoid_ids, kind = pol.load(args.evaluate, ENV)
        return evaluate(args.evaluate, params, avoid_ids, kind, args, log) if args.deals else None
    if args.out is None or args.teacher_games < 1:
        parser.error("training needs --out FILE and --teacher-games ≥ 1")
    log.write(stage="start", argv=sys.argv[1:] if argv is None else list(argv), jax=jax.__version__,
              device=str(jax.devices()[0]))
    collect(args.data, args.teacher_games, args, log)
    if args.labels == "teacher" and args.kind == "afterstate":
        collect_afterstates(args.data, args.teacher_games, args.noise, log)
    data_kind = "values" if args.labels == "values" else args.kind
    train_set, val_set = load_split(args.data, args.teacher_games, args.val_every, data_kind)
    params = train(train_set, val_set, args, avoid_ids, log)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pol.save(args.out, ENV, params, avoid_ids, args.kind)
    log.write(stage="saved", path=str(args.out), bytes=args.out.stat().st_size)
    print(f"policy written to {args.out} ({args.out.stat().st_size:,} bytes)")
    return evaluate(args.out, params, avoid_ids, args.kind, args, log) if args.deals else None


def _back() -> Any:
    """Dicey Farm's ``Back`` (put the picked die back): the one id a policy plays only when forced."""
    game = load_game(GAME)
    return next(game.action_from_id(i) for i in range(game.num_distinct_actions)
                if str(game.action_from_id(i)) == "back")


if __name__ == "__main__":
    main()
