"""Engine speed: random-playout steps/s, games/s and clone time per game.

Every figure also comes as a ratio to OpenSpiel's ``python_tic_tac_toe``
measured in the same run on the same machine, so results from different
machines can be compared.

Usage::

    python benchmarks/engine.py                 # every game, every player count
    python benchmarks/engine.py --seconds 1 --json
    python benchmarks/engine.py --game dicey-farm
    python benchmarks/engine.py --game dicey-farm --path apply --cpu --rounds 3

``--cpu`` times with the process's CPU clock and ``--rounds N`` keeps the
best of N runs of every figure, because on a shared, busy machine wall-clock
rates mostly measure the neighbours. ``--path apply`` plays through the
checked :meth:`State.apply` (what a server does) instead of
``apply_unchecked`` (what a search loop does).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from gameshelf.core.registry import games, load_game
from gameshelf.core.rng import Stream


@dataclass
class Figure:
    game: str
    players: int
    steps_per_s: float
    games_per_s: float
    clone_us: float
    mean_steps: float
    steps_ratio: float = 0.0
    games_ratio: float = 0.0


#: the clock every figure is taken with (``--cpu`` switches to CPU time).
clock: Callable[[], float] = time.perf_counter


def measure(new_state: Callable[[int], object], step: Callable[[object, Stream], bool],
            clone: Callable[[object], object], seconds: float) -> tuple[float, float, float, float]:
    """Play random games until ``seconds`` pass; returns steps/s, games/s,
    clone µs and mean steps per game."""
    stream = Stream(2024)
    steps = finished = 0
    start = clock()
    deadline = start + seconds
    seed = 0
    while clock() < deadline or finished == 0:
        state = new_state(seed)
        seed += 1
        while step(state, stream):
            steps += 1
        finished += 1
    elapsed = clock() - start
    # clone time on a mid-game state
    state = new_state(10**6)
    for _ in range(max(1, int(steps / max(finished, 1) / 2))):
        if not step(state, stream):
            break
    reps = 0
    c0 = clock()
    while clock() - c0 < min(0.5, seconds / 2) or reps < 10:
        clone(state)
        reps += 1
    clone_us = (clock() - c0) / reps * 1e6
    return steps / elapsed, finished / elapsed, clone_us, steps / finished


def best_of(figures: list[Figure]) -> Figure:
    """The fastest of several measurements (noise only ever slows a run)."""
    best = max(figures, key=lambda f: f.steps_per_s)
    best.clone_us = min(f.clone_us for f in figures)
    return best


def gameshelf_figure(game_id: str, players: int, seconds: float, checked: bool = False) -> Figure:
    game = load_game(game_id)

    def step(state, stream: Stream) -> bool:  # type: ignore[no-untyped-def]
        if state.is_over:
            return False
        action = stream.choice(state.legal_actions())
        if checked:
            state.apply(action, state.current_player)
        else:
            state.apply_unchecked(action)
        return True

    sps, gps, clone_us, mean = measure(
        lambda seed: game.new_game(players, seed), step, lambda s: s.clone(), seconds  # type: ignore[attr-defined]
    )
    return Figure(game_id, players, sps, gps, clone_us, mean)


def openspiel_figure(seconds: float) -> Figure | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")

    def step(state, stream: Stream) -> bool:  # type: ignore[no-untyped-def]
        if state.is_terminal():
            return False
        state.apply_action(stream.choice(state.legal_actions()))
        return True

    sps, gps, clone_us, mean = measure(
        lambda seed: game.new_initial_state(), step, lambda s: s.clone(), seconds
    )
    return Figure("openspiel:python_tic_tac_toe", 2, sps, gps, clone_us, mean, 1.0, 1.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--path", choices=("unchecked", "apply"), default="unchecked",
                        help="play through apply_unchecked (default) or the checked apply")
    parser.add_argument("--cpu", action="store_true", help="time with CPU time, not wall time")
    parser.add_argument("--rounds", type=int, default=1, help="keep the best of this many runs")
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.cpu else time.perf_counter
    checked = args.path == "apply"

    reference = openspiel_figure(args.seconds)
    if reference is not None and args.rounds > 1:
        more = [f for f in (openspiel_figure(args.seconds) for _ in range(args.rounds - 1)) if f]
        reference = best_of([*more, reference])
    figures: list[Figure] = []
    for game_id in args.game or games():
        game = load_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            fig = best_of([gameshelf_figure(game_id, players, args.seconds, checked)
                           for _ in range(max(1, args.rounds))])
            if reference:
                fig.steps_ratio = fig.steps_per_s / reference.steps_per_s
                fig.games_ratio = fig.games_per_s / reference.games_per_s
            figures.append(fig)
            if not args.json:
                print(f"measured {game_id} ({players}p)", file=sys.stderr)
    if args.json:
        print(json.dumps({"reference": asdict(reference) if reference else None,
                          "figures": [asdict(f) for f in figures]}, indent=1))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Random playouts (ratio = figure / OpenSpiel python_tic_tac_toe, same run)")
    for col in ("game", "players", "steps/s", "× ttt", "games/s", "× ttt", "clone µs", "steps/game"):
        table.add_column(col, justify="right")
    rows = ([reference] if reference else []) + figures
    for f in rows:
        table.add_row(f.game, str(f.players), f"{f.steps_per_s:,.0f}", f"{f.steps_ratio:.2f}",
                      f"{f.games_per_s:,.2f}", f"{f.games_ratio:.4f}", f"{f.clone_us:,.1f}",
                      f"{f.mean_steps:,.0f}")
    Console().print(table)
    if reference is None:
        print("open-spiel is not installed: pip install -e '.[bench]' for the reference figure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
