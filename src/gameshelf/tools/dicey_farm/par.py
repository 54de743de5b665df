"""The daily par: the best score a beam search finds for a date's puzzle.

The solver is the puzzle's author, not a player: it works on the real
state, whose random streams already hold every future die, craftsman and
merchant list (Daily Mode draws them independently of the player's
choices). A bot, by contrast, only ever sees ``determinize`` copies.

Search shape: a beam over rounds. From each beam state it plays the round
out several times with a greedy policy (one action, or one die + its
action, looked ahead with :func:`heuristics.evaluate`), the first sample
purely greedy and the others with some random moves; the best distinct
round-end positions form the next beam.
"""

from __future__ import annotations

import dataclasses

from gameshelf.core.actions import Action
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.dicey_farm.actions import Back
from gameshelf.games.dicey_farm.heuristics import evaluate
from gameshelf.games.dicey_farm.state import DiceyFarmState


@dataclasses.dataclass(frozen=True)
class ParResult:
    """The best score found, the actions reaching it, and the rollouts spent."""

    score: float
    line: list[Action]
    rollouts: int


def _lookahead(state: DiceyFarmState, action: Action) -> float:
    """Value after ``action`` (``evaluate`` itself looks through a die's choice step)."""
    after = state.clone()
    after.apply_unchecked(action)
    return evaluate(after)


def greedy_action(state: DiceyFarmState, stream: Stream, epsilon: float) -> Action:
    """The best-looking action, or with probability ``epsilon`` a random one."""
    legal = [a for a in state.legal_actions() if not isinstance(a, Back)] or state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if epsilon and stream.random() < epsilon:
        return stream.choice(legal)
    scored = [(_lookahead(state, a), stream.random(), k) for k, a in enumerate(legal)]
    return legal[max(scored)[2]]


def play_round(state: DiceyFarmState, stream: Stream, epsilon: float) -> None:
    """Play until the round ends (or the game does)."""
    start = state.round
    while not state.is_over and state.round == start:
        state.apply_unchecked(greedy_action(state, stream, epsilon))


def _key(state: DiceyFarmState) -> tuple[object, ...]:
    g = state.goods
    return (state.round, tuple(g.values()), state.fields, tuple(state.sown.values()),
            state.hired, state.built, tuple(state.display), tuple(state.vp.values()), state.beggars)


def solve_state(
    root: DiceyFarmState, *, width: int = 6, samples: int = 8, epsilon: float = 0.2, seed: int = 0
) -> ParResult:
    """Beam search from ``root`` to the end of the game."""
    stream = Stream(derive_seed("dicey-farm-par", seed))
    incumbent = root.clone()
    while not incumbent.is_over:  # the pure greedy line: the beam must beat it
        play_round(incumbent, stream, 0.0)
    beam = [root.clone()]
    rollouts = 1
    while not all(s.is_over for s in beam):
        pool: dict[tuple[object, ...], DiceyFarmState] = {}
        for state in beam:
            if state.is_over:
                pool.setdefault(_key(state), state)
                continue
            for k in range(samples):
                child = state.clone()
                play_round(child, stream, epsilon if k else 0.0)
                rollouts += 1
                pool.setdefault(_key(child), child)
        beam = sorted(pool.values(), key=evaluate, reverse=True)[:width]
    best = max([incumbent, *beam], key=lambda s: s.scores()[0])
    return ParResult(best.scores()[0], list(best.history[len(root.history):]), rollouts)


def solve(date: str, *, width: int = 10, samples: int = 12, seed: int = 0) -> ParResult:
    """The par of the Daily Mode puzzle of ``date`` (YYYY-MM-DD)."""
    state = load_game("dicey-farm").new_game(1, 0, {"daily": date})
    assert isinstance(state, DiceyFarmState)
    return solve_state(state, width=width, samples=samples, seed=seed)


def baseline(date: str, games: int = 20) -> float:
    """Mean score of uniformly random play on a date's puzzle (for comparison)."""
    game = load_game("dicey-farm")
    total = 0.0
    for k in range(games):
        state = game.new_game(1, k, {"daily": date})
        stream = Stream(derive_seed("dicey-farm-baseline", k))
        while not state.is_over:
            state.apply_unchecked(stream.choice(state.legal_actions()))
        total += state.scores()[0]
    return total / games


def main(argv: list[str] | None = None) -> None:
    """``python -m gameshelf.tools.dicey_farm.par [DATE ...]``: par against
    pure greedy and random play, one line per date."""
    import sys

    dates = (argv if argv is not None else sys.argv[1:]) or [
        "2026-01-01", "2026-03-15", "2026-07-04", "2026-09-30", "2026-11-22"]
    print(f"{'date':<12}{'random, mean VP':>17}{'greedy VP':>11}{'par VP':>8}  {'par rollouts':>12}")
    for date in dates:
        greedy = solve(date, width=1, samples=1).score
        par = solve(date)
        print(f"{date:<12}{baseline(date):>17.1f}{greedy:>11g}{par.score:>8g}  {par.rollouts:>12}")


if __name__ == "__main__":
    main()
