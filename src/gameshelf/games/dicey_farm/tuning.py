"""Tuning the Dicey Farm heuristic's weights by playing games with them.

Why: the weights in ``data/heuristic.toml`` are a design decision with no
published source (RULES.md D27), and every bot level and the par solver
steer by them, so their quality caps how well any of them plays. The only
honest judge of a weight set is the score the greedy bot reaches with it,
so the tuner measures exactly that and nothing else.

Method: a separable natural evolution strategy (SNES) over the logarithm
of every non-zero weight, so each weight moves by a factor, never changes
sign, and weights of different sizes move alike. Each generation draws
mirrored pairs of candidates around the current weights, plays the same
fresh deals with every candidate (common random numbers: differences come
from the weights, not from the dice), and moves the mean and the per-weight
step sizes toward the better half by rank. Deals never repeat across
generations, so the tuner cannot learn a handful of seeds by heart; the
final weights are judged on deals it never saw.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gameshelf.games.dicey_farm import heuristics
from gameshelf.games.dicey_farm.heuristics import SECTIONS, Weights

#: deals used for judging a result are drawn from here up, far from the
#: tuner's own deals (which start at ``TuneConfig.seed``).
VALIDATION_BASE = 10_000_000


@dataclasses.dataclass(frozen=True)
class TuneConfig:
    """One tuning run. ``population`` must be even (mirrored pairs)."""

    generations: int = 30
    population: int = 16
    deals: int = 100
    workers: int = 2
    seed: int = 1
    sigma: float = 0.25
    chunk: int = 25

    def __post_init__(self) -> None:
        if self.generations < 1 or self.deals < 1 or self.workers < 1 or self.chunk < 1:
            raise ValueError("generations, deals, workers and chunk must be at least 1")
        if self.population < 2 or self.population % 2:
            raise ValueError(f"population must be an even number >= 2, not {self.population}")
        if not 0 < self.sigma <= 2:
            raise ValueError(f"sigma must be in (0, 2], not {self.sigma}")


@dataclasses.dataclass(frozen=True)
class Generation:
    """What one generation saw: the candidates' mean scores on its deals."""

    index: int
    deals: tuple[int, int]
    best: float
    mean: float
    worst: float
    step: float


@dataclasses.dataclass(frozen=True)
class TuneResult:
    weights: Weights
    generations: list[Generation]


def greedy_score(seed: int) -> float:
    """The greedy bot's final score on deal ``seed`` with the weights in use."""
    from gameshelf.bots import make_bot, play_bot_turn
    from gameshelf.core.registry import load_game

    game = load_game("dicey-farm")
    state = game.new_game(1, seed)
    bot = make_bot("greedy", seed=seed, game=game)
    while not state.is_over:
        play_bot_turn(state, bot)
    return float(state.scores()[0])


def _play_chunk(task: tuple[Weights, Sequence[int]]) -> list[float]:
    """Worker: the greedy scores of a batch of deals under one weight set
    (sent whole, so a worker never depends on the file on disk)."""
    weights, seeds = task
    previous = heuristics.use_weights(weights)
    try:
        return [greedy_score(seed) for seed in seeds]
    finally:
        heuristics.use_weights(previous)


def score_weight_sets(
    sets: Sequence[Weights],
    seeds: Sequence[int],
    workers: int,
    chunk: int = 25,
    tick: Callable[[int], None] | None = None,
) -> list[list[float]]:
    """Every weight set's scores on the same ``seeds`` (in seed order)."""
    tasks = [(k, weights, seeds[i : i + chunk]) for k, weights in enumerate(sets) for i in range(0, len(seeds), chunk)]
    scores: list[list[float]] = [[] for _ in sets]
    run: Iterator[list[float]]
    if workers == 1:
        run = (_play_chunk((weights, part)) for _, weights, part in tasks)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=workers)
        run = pool.map(_play_chunk, [(weights, part) for _, weights, part in tasks])
    try:
        for (k, _, part), result in zip(tasks, run, strict=True):
            scores[k].extend(result)
            if tick:
                tick(len(part))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    return scores


def _utilities(n: int) -> list[float]:
    """Rank-based utilities (best first), summing to zero: robust to the
    scale and outliers of the scores."""
    raw = [max(0.0, math.log(n / 2 + 1) - math.log(k + 1)) for k in range(n)]
    total = sum(raw)
    return [r / total - 1 / n for r in raw]


def tune(
    start: Weights,
    config: TuneConfig,
    tick: Callable[[int], None] | None = None,
    on_generation: Callable[[Generation], None] | None = None,
) -> TuneResult:
    """Run SNES from ``start``; returns the final mean weights."""
    base = start.flat()
    names = [name for name, value in base.items() if value > 0]  # a zero weight stays off
    mu = [math.log(base[name]) for name in names]
    sigma = [config.sigma] * len(names)
    d = len(names)
    eta_sigma = (3 + math.log(d)) / (5 * math.sqrt(d))
    rng = random.Random(config.seed)
    utilities = _utilities(config.population)
    history: list[Generation] = []
    for g in range(config.generations):
        first = config.seed + g * config.deals
        seeds = list(range(first, first + config.deals))
        noise: list[list[float]] = []
        for _ in range(config.population // 2):
            z = [rng.gauss(0.0, 1.0) for _ in range(d)]
            noise += [z, [-x for x in z]]
        sets = [
            start.with_flat({n: math.exp(m + s * x) for n, m, s, x in zip(names, mu, sigma, z, strict=True)})
            for z in noise
        ]
        results = score_weight_sets(sets, seeds, config.workers, config.chunk, tick)
        means = [sum(r) / len(r) for r in results]
        order = sorted(range(len(means)), key=lambda k: -means[k])
        grad_mu = [0.0] * d
        grad_sigma = [0.0] * d
        for u, k in zip(utilities, order, strict=True):
            for i, x in enumerate(noise[k]):
                grad_mu[i] += u * x
                grad_sigma[i] += u * (x * x - 1)
        mu = [m + s * gm for m, s, gm in zip(mu, sigma, grad_mu, strict=True)]
        sigma = [s * math.exp(eta_sigma / 2 * gs) for s, gs in zip(sigma, grad_sigma, strict=True)]
        generation = Generation(
            index=g,
            deals=(first, first + config.deals - 1),
            best=means[order[0]],
            mean=sum(means) / len(means),
            worst=means[order[-1]],
            step=math.sqrt(sum(s * s for s in sigma) / d),
        )
        history.append(generation)
        if on_generation:
            on_generation(generation)
    tuned = {**base, **{n: round(math.exp(m), 3) for n, m in zip(names, mu, strict=True)}}
    return TuneResult(weights=start.with_flat(tuned), generations=history)


def to_toml(weights: Weights, status: str, comment: str) -> str:
    """``weights`` as the text of ``data/heuristic.toml`` (its header kept short:
    the file's meaning is documented in RULES.md D27/D31)."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines += [f'status = "{status}"', ""]
    for name in SECTIONS:
        lines.append(f"[{name}]")
        lines += [f"{key} = {value:g}" for key, value in getattr(weights, name).items()]
        lines.append("")
    return "\n".join(lines)


def write_weights(weights: Weights, path: Path, status: str, comment: str) -> None:
    """Write ``weights`` to ``path`` after checking they read back the same."""
    text = to_toml(weights, status, comment)
    from gameshelf.core.datafile import parse_toml
    from gameshelf.games.dicey_farm.components import DataError

    if Weights.from_table(parse_toml(text, str(path), DataError)) != weights:
        raise RuntimeError("the weights did not survive a round trip through TOML")
    path.write_text(text, encoding="utf-8")


@dataclasses.dataclass(frozen=True)
class Comparison:
    """Two weight sets on the same unseen deals: means and the paired gap."""

    deals: int
    before: float
    after: float
    gap_low: float
    gap_high: float


def compare(before: Weights, after: Weights, deals: int, workers: int, tick: Callable[[int], None] | None = None) -> Comparison:
    """Both weight sets' greedy means on ``deals`` deals the tuner never
    plays, and a 95% interval for the mean paired difference (same deals,
    so the luck of the dice cancels out of the gap)."""
    seeds = list(range(VALIDATION_BASE, VALIDATION_BASE + deals))
    old, new = score_weight_sets([before, after], seeds, workers, tick=tick)
    gaps = [b - a for a, b in zip(old, new, strict=True)]
    mean_gap = sum(gaps) / len(gaps)
    spread = math.sqrt(sum((x - mean_gap) ** 2 for x in gaps) / max(1, len(gaps) - 1)) / math.sqrt(len(gaps))
    return Comparison(
        deals=deals,
        before=sum(old) / deals,
        after=sum(new) / deals,
        gap_low=mean_gap - 1.96 * spread,
        gap_high=mean_gap + 1.96 * spread,
    )
