"""How a played move is told in a log, the same in every front end.

Games log events for what a move caused; many name the mover in their first
event ("Player 2 bids $5,000."). Printing the move's own sentence before it
says the move twice. The terminal, the server's log and its replays all ask
this one question, so a move reads alike wherever it is watched.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.protocol import Event, PlayerId, State


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


def move_sentences(state: State, lang: str | None) -> list[str]:
    """Each legal move as its mover reads it now, with what it will really
    cost and give (the game's :meth:`Texts.describe_move` reads the mover's
    own observation: a training's price after a quill, a sign's cover fees).
    The terminal's move list and the server's offer to a browser both read
    these, so a price is the same everywhere. An error in the wording is a
    bug and reaches the caller (the conformance kit words every legal move)."""
    actions = state.legal_actions()
    if not actions:
        return []
    texts = state.game.texts()
    seen = state.observation(state.current_player)
    return [texts.describe_move(seen, a, lang) for a in actions]
