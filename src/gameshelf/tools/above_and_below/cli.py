"""``gameshelf ab-balance`` and ``gameshelf ab-book``: Above and Below's own commands.

``ab-balance`` runs the balance simulation (see :mod:`.balance`);
``ab-book`` checks the encounter book and prints its size, so someone typing
in paragraphs sees at once what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer


def ab_balance(
    games: Annotated[int, typer.Option("--games", help="Games per player count.")] = 200,
    players: Annotated[list[int] | None, typer.Option("--players", help="Player counts (repeatable).")] = None,
    bot: Annotated[str, typer.Option("--bot", help="Bot for every seat: random, greedy, ismcts, rollout, easy, normal, hard.")] = "random",
    top: Annotated[int, typer.Option("--top", help="Cards shown at each end of the table.")] = 8,
) -> None:
    """Simulate games and print seat win rates, scores and per-card win rates."""
    from gameshelf.tools.above_and_below.balance import main

    argv = ["--games", str(games), "--bot", bot, "--top", str(top)]
    if players:
        argv += ["--players", *map(str, players)]
    main(argv)


def ab_book() -> None:
    """Validate the encounter book and report its size."""
    from gameshelf.games.above_and_below.encounters import BookError, load_book, validate_book

    try:
        book = load_book()
    except BookError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    problems = validate_book(book)
    typer.echo(f"{len(book.paragraphs)} paragraphs, {len(book.caves)} cave cards")
    for problem in problems:
        typer.echo(f"  - {problem}")
    raise typer.Exit(1 if problems else 0)


def commands() -> list[tuple[str, Callable[..., Any]]]:
    return [("ab-balance", ab_balance), ("ab-book", ab_book)]
