"""Request bodies, checked strictly: exact types (``true`` is not ``1``,
``4.0`` is not ``4``), no unknown fields, bounded sizes.

The requests of a table's routes (open, join, leave, move, take back).
The websocket's messages are in :mod:`.messages`, the view in :mod:`.view`;
the package re-exports all three.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gameshelf.server.config import MAX_NAME

Level = Literal["easy", "normal", "hard"]
Name = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class HumanSeat(Strict):
    """A person: the creator is given this seat's token (its invite)."""

    kind: Literal["human"]
    name: Name | None = None


class BotSeat(Strict):
    kind: Literal["bot"]
    level: Level = "normal"


class OpenSeat(Strict):
    """A seat anyone with the table link may take with ``join``."""

    kind: Literal["open"]


Seat = Annotated[HumanSeat | BotSeat | OpenSeat, Field(discriminator="kind")]


class Clock(Strict):
    """Board Game Arena's model: a bank per seat, plus ``increment`` after
    each move, never above ``cap`` (seconds)."""

    bank: Annotated[StrictInt, Field(ge=10, le=30 * 86400)]
    increment: Annotated[StrictInt, Field(ge=0, le=86400)] = 0
    cap: Annotated[StrictInt, Field(ge=10, le=60 * 86400)] | None = None


class CreateTable(Strict):
    game: Annotated[StrictStr, Field(min_length=1, max_length=64)]
    players: Annotated[StrictInt, Field(ge=1, le=16)]
    seats: Annotated[list[Seat], Field(min_length=1, max_length=16)]
    options: Annotated[dict[StrictStr, Any], Field(max_length=16)] = Field(default_factory=dict)
    clock: Clock | None = None
    #: a rated table (accounts.py): logged-in people and bots, no take-backs
    rated: StrictBool = False
    #: people may ask for hints (server/features/hints.py): casual tables only, never a daily puzzle
    hints: StrictBool = False


class Join(Strict):
    name: Name | None = None


class Leave(Strict):
    """Who plays the seat while its person is away (``None``: nobody, the
    game waits)."""

    bot: Level | None = "easy"


class Move(Strict):
    after: Annotated[StrictInt, Field(ge=0, le=1_000_000)]
    action: dict[StrictStr, Any]


class Undo(Strict):
    """Take back one's latest move; ``after`` is the state number the
    request was made at (a stale or repeated request changes nothing)."""

    after: Annotated[StrictInt, Field(ge=0, le=1_000_000)]
