"""Tuning a game's heuristic weights by playing games with them.

Why: a game's ``data/heuristic.toml`` weights have no published source, and
every bot level steers by them, so their quality caps how well any bot
plays. The only honest judge of a weight set is how the greedy bot does
with it, so the tuner measures exactly that:

- in a solitaire game (Dicey Farm), the greedy bot's mean final score;
- in a multiplayer game, the greedy bot's win share with the candidate
  weights in one seat against greedy bots with the *starting* weights in the
  others, each deal played once per seat (so no seat's edge counts); a fair
  share is 1/players.

Method: a separable natural evolution strategy (SNES) over the logarithm
of every non-zero weight, so each weight moves by a factor, never changes
sign, and weights of different sizes move alike. Each generation draws
mirrored pairs of candidates around the current weights, plays the same
fresh deals with every candidate (common random numbers: differences come
from the weights, not from the dice), and moves the mean and the per-weight
step sizes toward the better candidates by rank. Deals never repeat across
generations, so the tuner cannot learn a few seeds by heart; the result is
judged on deals it never saw (``compare``).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from gameshelf.core.weights import Weights, WeightSlot, weight_slot

#: deals used for judging a result start here, far from the tuner's own
#: deals (which start at ``TuneConfig.seed``).
VALIDATION_BASE = 10_000_000

if TYPE_CHECKING:
    from gameshelf.bots import Bot, PlayerView
    from gameshelf.core.actions import Action


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
    """What one generation saw: the candidates' fitness on its deals."""

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


@dataclasses.dataclass(frozen=True)
class Comparison:
    """The start and the result on the same unseen deals; for a solitaire
    game mean scores, for a multiplayer one win shares (the start's is 0.5
    by construction: it plays against itself)."""

    deals: int
    before: float
    after: float
    gap_low: float
    gap_high: float


class GameNotTunable(ValueError):
    """The game's declared heuristics keep no weights (or it declares none)."""


def slot_for(game_id: str) -> WeightSlot:
    """The weight slot of a registered game, or :class:`GameNotTunable`."""
    from gameshelf.core.registry import load_game

    slot = weight_slot(load_game(game_id))
    if slot is None:
        raise GameNotTunable(f"{game_id} has no tunable heuristic weights (no data/heuristic.toml)")
    return slot


class WeightedBot:
    """A bot that decides with its own weights in the game's slot (swapped
    in for its decision only), so two weight sets can meet in one game."""

    def __init__(self, inner: Bot, slot: WeightSlot, weights: Weights) -> None:
        self.inner, self.slot, self.weights = inner, slot, weights
        self.name = inner.name

    def choose(self, view: PlayerView) -> Action:
        previous = self.slot.use(self.weights)
        try:
            return self.inner.choose(view)
        finally:
            self.slot.use(previous)

    def __getattr__(self, name: str) -> object:
        """What the inner bot shows (e.g. the rollout bot's ``last_stats``)."""
        if name == "inner":  # not set yet (while unpickling): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)


def deal_fitness(game_id: str, players: int, baseline: Weights, candidate: Weights, seed: int) -> float:
    """One deal's fitness of ``candidate`` (see the module's docstring)."""
    from gameshelf.bots import make_bot, play_bot_turn
    from gameshelf.bots._outcome import win_shares
    from gameshelf.core.registry import load_game

    game = load_game(game_id)
    slot = slot_for(game_id)
    if players == 1:
        state = game.new_game(1, seed)
        bot = WeightedBot(make_bot("greedy", seed=seed, game=game), slot, candidate)
        while not state.is_over:
            play_bot_turn(state, bot)
        return float(state.scores()[0])
    share = 0.0
    for tuned_seat in range(players):
        state = game.new_game(players, seed)
        bots = [
            WeightedBot(make_bot("greedy", seed=seed + s, game=game), slot, candidate if s == tuned_seat else baseline)
            for s in range(players)
        ]
        while not state.is_over:
            play_bot_turn(state, bots[state.current_player])  # type: ignore[index]
        share += win_shares(state.ranking(), players)[tuned_seat]
    return share / players


def _play_chunk(task: tuple[str, int, Weights, Weights, Sequence[int]]) -> list[float]:
    """Worker: one weight set's fitness on a batch of deals (the weights
    travel whole, so a worker never depends on the file on disk)."""
    game_id, players, baseline, candidate, seeds = task
    return [deal_fitness(game_id, players, baseline, candidate, seed) for seed in seeds]


def fitness_of_sets(
    game_id: str,
    players: int,
    baseline: Weights,
    sets: Sequence[Weights],
    seeds: Sequence[int],
    workers: int,
    chunk: int = 25,
    tick: Callable[[int], None] | None = None,
) -> list[list[float]]:
    """Every weight set's per-deal fitness on the same ``seeds`` (in order)."""
    tasks = [
        (k, (game_id, players, baseline, weights, seeds[i : i + chunk]))
        for k, weights in enumerate(sets)
        for i in range(0, len(seeds), chunk)
    ]
    fitness: list[list[float]] = [[] for _ in sets]
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    run: Iterator[list[float]] = (
        pool.map(_play_chunk, [task for _, task in tasks]) if pool else (_play_chunk(task) for _, task in tasks)
    )
    try:
        for (k, task), result in zip(tasks, run, strict=True):
            fitness[k].extend(result)
            if tick:
                tick(len(task[-1]))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    return fitness


def _utilities(n: int) -> list[float]:
    """Rank-based utilities (best first), summing to zero: robust to the
    scale and outliers of the fitness."""
    raw = [max(0.0, math.log(n / 2 + 1) - math.log(k + 1)) for k in range(n)]
    total = sum(raw)
    return [r / total - 1 / n for r in raw]


def tune(
    game_id: str,
    players: int,
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
        results = fitness_of_sets(game_id, players, start, sets, seeds, config.workers, config.chunk, tick)
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
    tuned = {n: round(math.exp(m), 3) for n, m in zip(names, mu, strict=True)}
    return TuneResult(weights=start.with_flat(tuned), generations=history)


def compare(
    game_id: str,
    players: int,
    before: Weights,
    after: Weights,
    deals: int,
    workers: int,
    tick: Callable[[int], None] | None = None,
) -> Comparison:
    """``before`` and ``after`` on ``deals`` deals the tuner never plays, with
    a 95% interval for the mean per-deal gap (same deals, so the luck of the
    dice cancels out of it)."""
    seeds = list(range(VALIDATION_BASE, VALIDATION_BASE + deals))
    if players == 1:
        old, new = fitness_of_sets(game_id, 1, before, [before, after], seeds, workers, tick=tick)
    else:
        (new,) = fitness_of_sets(game_id, players, before, [after], seeds, workers, tick=tick)
        old = [1.0 / players] * deals
    gaps = [b - a for a, b in zip(old, new, strict=True)]
    mean_gap = sum(gaps) / deals
    spread = math.sqrt(sum((x - mean_gap) ** 2 for x in gaps) / max(1, deals - 1) / deals)
    return Comparison(
        deals=deals,
        before=sum(old) / deals,
        after=sum(new) / deals,
        gap_low=mean_gap - 1.96 * spread,
        gap_high=mean_gap + 1.96 * spread,
    )
