"""Tools that sit above the engines: each game's balance studies, its
``gameshelf`` commands and Dicey Farm's par solver.

Why apart from ``gameshelf.games``: these import the bots, the simulator and
the terminal, and an engine imports only ``gameshelf.core`` and itself (an
import-linter contract in pyproject.toml keeps it so). The server's Daily
Mode reads the par from here too. One package per game, named as the game's
package: ``cli.py`` (its commands), ``balance.py`` (its balance study),
``par.py`` (Dicey Farm's par).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from gameshelf.core.registry import games

#: game id -> the tools module whose ``commands()`` lists its ``gameshelf`` commands.
COMMANDS: dict[str, str] = {
    "dicey-farm": "gameshelf.tools.dicey_farm.cli",
    "filthy-rich": "gameshelf.tools.filthy_rich.cli",
    "pay-dirt": "gameshelf.tools.pay_dirt.cli",
    "above-and-below": "gameshelf.tools.above_and_below.cli",
}


#: game id -> the tools module whose ``review`` compares a finished game's
#: rounds with the game's solver (the post-game analysis; docs/analysis.md).
ROUND_REVIEWS: dict[str, str] = {
    "dicey-farm": "gameshelf.tools.dicey_farm.rounds",
}


def round_review(game_id: str) -> Callable[..., Any] | None:
    """The round review of ``game_id`` for ``analyse_record(rounds=...)``,
    or ``None`` for a game without one. Why through here: the analysis
    package may not import the tools, so the callers that may (the cli,
    the server) hand it in."""
    module = ROUND_REVIEWS.get(game_id)
    return None if module is None else import_module(module).review


#: game id -> the tools module whose ``certain_losses`` gives the analysis
#: the game's own certain losses (issue 42).
CERTAIN: dict[str, str] = {
    "dicey-farm": "gameshelf.tools.dicey_farm.certain",
}
#: game id -> the tools module whose ``commits`` says which of the game's
#: steps commit its player, so the analysis judges whole choices
#: (:mod:`gameshelf.tools.choices`; issue 42).
CHOICES: dict[str, str] = {
    "dicey-farm": "gameshelf.tools.dicey_farm.choices",
    "filthy-rich": "gameshelf.tools.filthy_rich.choices",
    "pay-dirt": "gameshelf.tools.pay_dirt.choices",
    "above-and-below": "gameshelf.tools.above_and_below.choices",
}


def coach(game_id: str) -> Any:
    """The game's own parts of the analysis (a
    :class:`gameshelf.analysis.analyse.Coach`: round review, certain losses,
    steps that commit nothing) for ``analyse_record(coach=...)``. Why
    through here: the analysis package may not import the tools."""
    from gameshelf.analysis.analyse import Coach

    certain, choices = CERTAIN.get(game_id), CHOICES.get(game_id)
    return Coach(rounds=round_review(game_id),
                 certain=None if certain is None else import_module(certain).certain_losses,
                 commits=None if choices is None else import_module(choices).commits)


def game_commands() -> list[tuple[str, Callable[..., Any]]]:
    """Every game-specific ``gameshelf`` command, for the games that can be loaded."""
    found: list[tuple[str, Callable[..., Any]]] = []
    for game_id in games():
        module = COMMANDS.get(game_id)
        if module is not None:
            found.extend(import_module(module).commands())
    return found
