"""The declared view: what the server sends a viewer, as pydantic models
(the socket's messages that carry it: :mod:`.messages`).

Why declared: a client that must guess field names ("legal" or
"legal_actions"? "state" or "seq"?) breaks silently when one changes. These
models are the contract: the view route's response model, named components
of ``/openapi.json`` (the websocket's messages too, which OpenAPI has no
route for), and a test validates real views and messages of every game
against them (tests/server/test_view_schema.py). Unknown fields are refused
(``extra="forbid"``), so a field added to a view without a line here fails
that test instead of reaching clients undeclared.

The views themselves are built as plain dicts in :mod:`..play.service`,
:mod:`..play.live` and :mod:`..play.story` and sent as they are (validating each view
again at runtime would cost every move for nothing the test does not
already pin).

Text that names seats comes twice: ``text``, the sentence as the terminal
prints it, and ``parts``, the same sentence as plain text and seat
references (:mod:`gameshelf.core.spoken`), from which a browser puts in
names and badges.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SeatIndex = Annotated[int, Field(ge=0, le=15, description="A seat, counted from 0.")]
StateNumber = Annotated[int, Field(ge=0, description="The table's state number (log entries).")]


class Declared(BaseModel):
    """A server-to-client shape: every field declared, none extra."""

    model_config = ConfigDict(extra="forbid")


class TextPart(Declared):
    text: str


class SeatPart(Declared):
    seat: SeatIndex


Part = TextPart | SeatPart
Parts = Annotated[list[Part], Field(description="The text as plain text and seat references.")]


class SeatInfo(Declared):
    seat: SeatIndex
    kind: Literal["human", "bot", "open"]
    name: str | None
    level: str | None
    taken: bool
    stand_in: str | None = Field(description="The bot level playing while the person is away.")
    bank: float | None = Field(description="Seconds left on the seat's clock, as stored.")
    timed_out: bool
    hints: int = Field(0, ge=0, description="How many hints this seat asked for (docs/hints.md).")


class Marks(Declared):
    bot_played: list[SeatIndex]
    timed_out: list[SeatIndex]
    hinted: list[SeatIndex] = Field(
        default_factory=list, description="Seats that asked for hints (docs/hints.md).")


class RatingChange(Declared):
    """How a seat's shown rating moved when a rated table ended (ratings.on_game_end)."""

    seat: SeatIndex
    before: int
    after: int


class Ended(Declared):
    """A rated game ended early (docs/accounts.md, server/play/fair.py)."""

    how: Literal["aborted", "forfeit"] = Field(
        description="aborted: before the seat's second move, nobody rated; forfeit: the seat lost.")
    seat: SeatIndex
    by: Literal["left", "timeout"]


class Result(Declared):
    scores: list[float]
    ranking: list[list[SeatIndex]] = Field(description="Seats by place, best first; ties share a group.")
    marked: Marks | None = None
    ratings: list[RatingChange] | None = Field(
        None, description="A rated table's rating change per seat, shown on its result (docs/accounts.md).")
    ended: Ended | None = Field(None, description="Set when a rated game ended by a leave or a clock.")


class TableClock(Declared):
    bank: int
    increment: int
    cap: int | None


class TableInfo(Declared):
    """What anyone with the link may know about a table (GET /api/tables/{id})."""

    id: str
    game: str
    players: int
    status: Literal["open", "running", "over"]
    state: StateNumber
    to_move: SeatIndex | None
    options: dict[str, Any]
    clock: TableClock | None
    seats: list[SeatInfo]
    result: Result | None
    rated: bool = Field(description="A rated table: accounts and bots only, no take-backs (docs/accounts.md).")
    hints: bool = Field(False, description="People at this casual table may ask for hints (docs/hints.md).")
    created_at: float
    updated_at: float


class LegalMove(Declared):
    """A move the viewer may make now, and what it costs and gives."""

    action: dict[str, Any] = Field(description="Send it back as the move's `action`.")
    text: str
    parts: Parts


class LogLine(Declared):
    """One line of the log: a move, an event it caused, or a take-back."""

    n: StateNumber = Field(description="The state the line led to (0: the set-up).")
    seat: SeatIndex | None = Field(description="Who made the move (events: null).")
    kind: Literal["move", "event", "undo"]
    undoes: StateNumber | None = Field(None, description="A take-back: the move it took back.")
    key: str | None = Field(description="The event's i18n key (null: the game's own sentence).")
    params: dict[str, Any] = Field(description="The event's parameters; seats counted from 1.")
    text: str
    parts: Parts


class Decision(Declared):
    """What the seat to move is deciding now (reads after "Your turn:")."""

    key: str
    params: dict[str, Any]
    text: str
    parts: Parts


class Unavailable(Declared):
    """A move the mover may look for but may not make now, and why."""

    move: str
    reason: str
    params: dict[str, Any]
    move_text: str
    reason_text: str
    move_parts: Parts
    reason_parts: Parts


class SeatClock(Declared):
    seat: SeatIndex
    running: bool
    remaining: float


class View(Declared):
    """What one seat (or a spectator) sees now: GET /api/tables/{id}/view,
    and the ``view`` of a websocket ``sync`` or ``update``."""

    table: TableInfo
    state: StateNumber
    seat: SeatIndex | None = Field(description="The viewer's seat (null: a spectator).")
    to_move: SeatIndex | None
    observation: dict[str, Any] = Field(
        description="The game's observation for this viewer (each game documents its own).")
    legal: list[LegalMove] = Field(description="Empty unless this viewer is to move.")
    can_undo: bool
    events: list[LogLine] = Field(
        description="A sync: the recent log; an update: the lines after the state asked from.")
    over: bool
    clocks: list[SeatClock] | None
    result: Result | None
    decision: Decision | None
    unavailable: list[Unavailable]
