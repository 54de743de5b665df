"""How a played move is told in a log, the same in every front end.

Games log events for what a move caused; many name the mover in their first
event ("Player 2 bids $5,000."). Printing the move's own sentence before it
says the move twice. The terminal, the server's log and its replays all ask
this one question, so a move reads alike wherever it is watched.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from gameshelf.core.protocol import Event, Game, PlayerId, State


def reports_move(events: Sequence[Event], mover: PlayerId, players: int) -> bool:
    """Whether the first event a viewer sees of a move already says who made
    it and what it was: the event names its mover (``player``, counted from
    1, as every game's log does), or the game is solo and everything is the
    one player's doing. Then the event stands for the move; otherwise (an
    Above and Below "accepts the offer", whose event names the seller) the
    move's sentence comes first."""
    if not events:
        return False
    return players == 1 or events[0].params.get("player") == mover + 1


def view_hook(game: Game, name: str) -> Callable[..., Any] | None:
    """A function of the game's ``texts`` module (``describe_move``,
    ``result_columns``) or of its ``terminal_view`` (``details``), when the
    game offers it."""
    package = type(game).__module__.rsplit(".", 1)[0]
    for part in ("texts", "terminal_view"):
        try:
            view = importlib.import_module(f"{package}.{part}")
        except ImportError:
            continue
        hook = getattr(view, name, None)
        if callable(hook):
            return hook
    return None


def move_sentences(state: State, lang: str | None) -> list[str]:
    """Each legal move as its mover reads it now, with what it will really
    cost and give (the view's ``describe_move`` reads the mover's own
    observation: a training's price after a quill, a sign's cover fees),
    else the game's own sentence. The terminal's move list and the server's
    offer to a browser both read these, so a price is the same everywhere.
    Why the fallback: a gap in a view's extra wording must never stop a game."""
    actions = state.legal_actions()
    describe = view_hook(state.game, "describe_move")
    if describe is not None:
        try:
            seen = state.observation(state.current_player)
            return [str(describe(seen, a, lang)) for a in actions]
        except Exception:
            pass
    return [state.game.describe_action(a, lang) for a in actions]
