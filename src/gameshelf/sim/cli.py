"""``gameshelf simulate`` and ``gameshelf report``.

The lead's CLI registers these functions as they are
(``app.command("simulate")(simulate)``); this module also runs standalone::

    python -m gameshelf.sim.cli simulate hidden-high --players 3 --bots ismcts,random
    python -m gameshelf.sim.cli report sims/hidden-high-3p-seed0
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from gameshelf.bots import (
    BotSpecError,
    bot_names,
    make_bot_from_spec,
    parse_bot_spec,
    split_bot_specs,
)
from gameshelf.core.registry import games, load_game
from gameshelf.sim.console import print_summary
from gameshelf.sim.folder import FolderError, run_in_folder
from gameshelf.sim.job import Job, load_plugins
from gameshelf.sim.names import name_items
from gameshelf.sim.results import read_job, read_table
from gameshelf.sim.stats import summarize


def _json_safe(value: object) -> object:
    """NaN is not JSON: an empty group's mean becomes null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    return value


def simulate(
    game: Annotated[str, typer.Argument(help="Game id, e.g. pay-dirt.")],
    players: Annotated[int, typer.Option("--players", "-p", min=1, help="Seats per game.")] = 2,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bot specs; seat s of game i gets bot (i+s) mod count, so"
            f" seats rotate. Names: {', '.join(bot_names())}, each"
            " optionally with settings: name\\[key=value,...].",
        ),
    ] = "random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games (1 or more).")] = 100,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", min=1, help="Processes, 1 or more (default: all cores).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Job seed; same seed, same games.")] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder.")] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", help="'local' or a Ray cluster address.")
    ] = None,
    plugin: Annotated[
        list[str] | None,
        typer.Option("--plugin", help="Module each worker imports first (registers a game)."),
    ] = None,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Show a progress bar with an ETA.")
    ] = True,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Finish the same job stopped in the output folder: keep its games, play the"
            " rest (-n may ask for more).",
        ),
    ] = False,
) -> None:
    """Play many bot games; write records, a results table and a summary."""
    console = Console()
    try:
        job = Job(
            game=game,
            players=players,
            bots=tuple(split_bot_specs(bots)),
            games=games,
            seed=seed,
            plugins=tuple(plugin or ()),
        )
    except ValueError as exc:  # a malformed spec or an empty list: a sentence, never a traceback
        console.print(f"[red]{escape(str(exc))}[/]")
        raise typer.Exit(2) from None
    problem = _check_job(job)
    if problem:
        console.print(f"[red]{escape(problem)}[/]")
        raise typer.Exit(2)
    folder = out or Path("sims") / f"{game}-{players}p-seed{seed}"
    try:
        run = run_in_folder(job, folder, resume=resume, workers=workers, ray=ray, progress=progress)
    except FolderError as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        raise typer.Exit(2) from None
    outcome = run.outcome
    if run.torn_tail:
        console.print("[yellow]The last record was cut off mid-write; that game is played again.[/]")
    if run.resumed:
        console.print(f"Resumed: {run.resumed} games were already played, {len(outcome.results)} more now.")
    if not run.results:
        console.print("[yellow]No game finished; nothing written but job.json.[/]")
        raise typer.Exit(1 if outcome.error else 130)
    summary = summarize_folder(folder)
    (folder / "summary.json").write_text(
        json.dumps(_json_safe(summary), indent=1), encoding="utf-8"
    )
    print_summary(summary, console, title=escape(f"{game}: {', '.join(job.bots)}"))
    if outcome.interrupted:
        console.print(f"[yellow]Stopped early: kept {len(run.results)} of {games} games.[/]")
    if outcome.error:
        console.print(f"[red]A game failed: {outcome.error}[/]")
    console.print(f"Written to {folder}")
    if not outcome.complete:
        raise typer.Exit(130 if outcome.interrupted else 1)


def _check_job(job: Job) -> str | None:
    """A sentence saying why the job cannot start, before any worker starts."""
    load_plugins(job.plugins)
    try:
        game = load_game(job.game)
    except KeyError:
        return f"Unknown game {job.game!r}; installed: {', '.join(games())}."
    if not game.min_players <= job.players <= game.max_players:
        return f"{job.game} takes {game.min_players}-{game.max_players} players, not {job.players}."
    if not job.bots:
        return "No bot given: --bots takes one or more bot specs, e.g. hard,random."
    names = set(bot_names())
    try:
        unknown = sorted({parse_bot_spec(b)[0] for b in job.bots} - names)
    except ValueError as exc:
        return str(exc)
    if unknown:
        return f"Unknown bot {', '.join(unknown)}; choose from {', '.join(sorted(names))}."
    for spec in job.bots:  # a misspelt or out-of-range setting, refused before any game
        try:
            make_bot_from_spec(spec, game=game)
        except ValueError as exc:
            return f"{spec}: {exc}" if not isinstance(exc, BotSpecError) else str(exc)
    return None


def summarize_folder(folder: Path) -> dict:  # type: ignore[type-arg]
    """The statistics of a simulation folder's tables."""
    seats = read_table(folder / "results")
    if seats is None:
        raise FileNotFoundError(f"{folder} holds no results table")
    return name_items(summarize(seats, read_table(folder / "items")), read_job(folder).get("game"))


def missing_extra_message(exc: ImportError) -> str:
    """What to install when a plotting or table library is missing.

    Why a sentence and not the traceback: a person who installed gameshelf
    without the ``sim`` extra needs the one command that fixes it.
    """
    module = exc.name or "a plotting library"
    return (
        f"gameshelf report needs {module}, which comes with the 'sim' extra:"
        " pip install 'gameshelf[sim]' (in a checkout: pip install -e '.[sim]')."
    )


def report(
    folder: Annotated[Path, typer.Argument(help="A folder written by gameshelf simulate.")],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Report folder (default: FOLDER).")
    ] = None,
) -> None:
    """Render a simulation's statistics as PNG plots and one HTML report."""
    console = Console()
    try:
        from gameshelf.sim.plots import write_report
    except ImportError as exc:  # matplotlib comes with the 'sim' extra only
        console.print(f"[red]{escape(missing_extra_message(exc))}[/]")
        raise typer.Exit(2) from None
    try:
        summary = summarize_folder(folder)
    except FileNotFoundError as exc:
        console.print(f"[red]{exc}[/]")
        raise typer.Exit(1) from None
    seats = read_table(folder / "results") or []
    html = write_report(summary, read_job(folder), out or folder, seats)
    console.print(f"Report: {html}")


app = typer.Typer(add_completion=False, help="gameshelf simulations.")
app.command("simulate")(simulate)
app.command("report")(report)

if __name__ == "__main__":
    app()
