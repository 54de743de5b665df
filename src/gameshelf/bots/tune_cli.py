"""``gameshelf tune GAME``: search a game's heuristic weights by play.

Researcher tooling, like ``simulate``: its output is English only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from gameshelf.bots import tuning
from gameshelf.core.weights import WeightsError


def tune(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dicey-farm.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats (default: 1 for a solitaire game, else 2).")] = None,
    generations: Annotated[int, typer.Option("--generations", help="SNES generations.")] = 30,
    population: Annotated[int, typer.Option("--population", help="Candidates per generation (even).")] = 16,
    deals: Annotated[int, typer.Option("--deals", help="Deals every candidate of a generation plays.")] = 100,
    validate: Annotated[int, typer.Option("--validate", help="Unseen deals to compare the start and the result on (0: skip).")] = 1000,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="First deal, and the tuner's own random seed.")] = 1,
    sigma: Annotated[float, typer.Option("--sigma", help="Initial step, as a log factor on every weight.")] = 0.25,
    start: Annotated[Path | None, typer.Option("--start", help="Weights file to start from (default: the shipped one).")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Where to write the tuned weights (default: print them).")] = None,
) -> None:
    """Tune a game's heuristic weights by greedy play (SNES).

    The result is then compared with the start on deals the tuner never saw.
    """
    from gameshelf.core.registry import games, load_game

    console = Console(stderr=True)
    try:
        if game not in games():
            raise ValueError(f"unknown game {game!r}; the games are {', '.join(games())}")
        rules = load_game(game)
        seats = players or max(rules.min_players, 2 if rules.max_players > 1 else 1)
        if not rules.min_players <= seats <= rules.max_players:
            raise ValueError(f"{game} is for {rules.min_players}-{rules.max_players} players, not {seats}")
        slot = tuning.slot_for(game)
        config = tuning.TuneConfig(generations, population, deals, workers, seed, sigma)
        first = slot.read(start) if start else slot.shipped
    except (ValueError, WeightsError) as exc:
        console.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    fitness = "mean score" if seats == 1 else f"win share vs the start ({1 / seats:.2f} is even)"
    # the start and the result both play the validation deals only in a solitaire game
    total = generations * population * deals + (2 if seats == 1 else 1) * validate
    columns = (TextColumn(f"tuning {game}"), BarColumn(), MofNCompleteColumn(), TextColumn("deals ETA"), TimeRemainingColumn())
    with Progress(*columns, console=console) as bar:
        task = bar.add_task("deals", total=total)

        def tick(n: int) -> None:
            bar.advance(task, n)

        def report(g: tuning.Generation) -> None:
            bar.console.print(
                f"generation {g.index + 1:>3}  deals {g.deals[0]}-{g.deals[1]}  {fitness}: "
                f"best {g.best:.3f}  mean {g.mean:.3f}  worst {g.worst:.3f}  step {g.step:.3f}"
            )

        result = tuning.tune(game, seats, first, config, tick=tick, on_generation=report)
        if validate:
            c = tuning.compare(game, seats, first, result.weights, validate, workers, tick=tick)
            bar.console.print(
                f"greedy on {c.deals} unseen deals, {fitness}: start {c.before:.3f}, tuned {c.after:.3f}, "
                f"gap [{c.gap_low:+.3f}, {c.gap_high:+.3f}] (95%)"
            )
    note = (
        f"Tuned by `gameshelf tune {game} --players {seats} --generations {generations} "
        f"--population {population} --deals {deals} --seed {seed} --sigma {sigma}`\n"
        "(SNES on greedy play; see docs/research/bots.md)."
    )
    if out:
        slot.write(result.weights, out, "tuned", note)
        console.print(f"wrote {out}")
    else:
        print(result.weights.to_toml("tuned", note))
