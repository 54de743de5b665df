"""The shapes of the analysis and hint routes (docs/hints.md): the hint
request's body, checked strictly, and the replies, declared field by field
(``extra="forbid"``) so that ``/openapi.json`` says exactly what comes
back and the server tests hold real replies to it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt

from gameshelf.server.wire.tables import Strict
from gameshelf.server.wire.view import Declared, Parts, SeatIndex, StateNumber

Mark = Literal["?!", "?", "??"]


class HintRequest(Strict):
    """Ask for a hint at the state the page shows (``after``): a hint for a
    position the table has left is refused as stale."""

    after: Annotated[StrictInt, Field(ge=0, le=1_000_000)]


class Estimate(Declared):
    """What the analysis bot expects a move to lead to."""

    score: float = Field(description="The expected final score of the seat.")
    win: float | None = Field(description="The chance to win, 0 to 1 (null: a one-player game).")
    worlds: int = Field(ge=0, description="The play-outs behind the figures.")
    sure: bool = Field(description="False: too few play-outs to show 0% or 100%; say 'almost' instead.")


class HintMove(Declared):
    """One of the moves the analysis engine rates best, best first."""

    action: dict[str, Any] = Field(description="Send it back as a move's `action` to play it.")
    text: str
    parts: Parts
    score: float = Field(description="The expected final score after this move.")
    win: float | None = Field(description="The chance to win after it (null: one player).")
    worlds: int = Field(ge=1, description="The play-outs behind the figures.")
    sure: bool = Field(description="False: too few play-outs to show 0% or 100%; say 'almost' instead.")


class HintReply(Declared):
    state: StateNumber = Field(description="The state the hint is for.")
    seat: SeatIndex
    moves: list[HintMove] = Field(description="Up to three moves, best first.")
    hints_used: int = Field(ge=0, description="Hints this seat has had at this table.")


class SaidMove(Declared):
    """A move in the game's own words (as the seat's move list said it), with its estimate."""

    action: dict[str, Any]
    text: str
    estimate: Estimate


class Judged(Declared):
    """One decision of the seat: the move made against the analysis bot's best."""

    k: StateNumber = Field(description="The replay step the decision was taken at (the move leads to k + 1).")
    made: SaidMove
    best: SaidMove
    loss: float = Field(ge=0, description="What the move made gave up, in the chart's unit.")
    cost: str = Field(description="The loss in words.")
    mark: Mark | None = Field(description="'?!' dubious, '?' a mistake, '??' a blunder, null: fine.")
    unclear: bool = Field(description="The loss's mean reaches a mark, its interval does not: no mark.")
    certain: bool = Field(description="The rules decide the loss (no sampling): its size is exact.")
    samples: int = Field(ge=0, description="Play-outs behind the loss (0: certain).")


class Mistake(Declared):
    """One of the costliest decisions, told in a line."""

    k: StateNumber
    mark: Mark | None = Field(description="null: among the biggest losses, though under every mark's threshold.")
    loss: float = Field(ge=0, description="What the move made gave up, in the chart's unit.")
    made: str
    better: str
    reason: str = Field(description="What the better move gives that the move made did not.")
    cost: str = Field(description="The loss in words.")
    text: str = Field(description="The whole line, as the terminal prints it.")
    unclear: bool = Field(description="Unmarked because the play-outs cannot tell yet.")
    certain: bool = Field(description="The rules decide the loss (no sampling).")
    label: str = Field(description="The mark, or the words shown in its place ('unclear', 'small').")


class AnalysisView(Declared):
    """A seat's analysis in the request's language."""

    game: str
    seat: SeatIndex
    total: StateNumber = Field(description="Moves in the game (the replay's last step).")
    complete: bool = Field(description="False: the analysis stopped early (its budget ran out).")
    measure: str = Field(description="What the chart draws, in words: chance to win in percent, or expected score.")
    series: list[list[float]] = Field(
        description="Per replay step 0..total: [value of the moves made, of the best moves].")
    series_names: list[str] = Field(description="The two lines' names.")
    decisions: list[Judged]
    mistakes: list[Mistake] = Field(description="The costliest decisions, costliest first (3 to 5).")
    rounds: list[str] = Field(description="Dicey Farm: each round against the par solver's line.")
    summary: str
    legend: str = Field(description="What the marks mean, with this game's thresholds (data/marks.toml).")


class AnalysisReply(Declared):
    """``pending`` until the bot workers are done; then ``ready`` with the
    analysis, or ``failed``."""

    table: str
    seat: SeatIndex
    status: Literal["pending", "ready", "failed"]
    analysis: AnalysisView | None
