"""The daily puzzle's request: a finished table to enter (docs/play/daily.md)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictStr

TableId = Annotated[StrictStr, Field(pattern=r"^[A-Za-z0-9_-]{1,24}$")]


class Submit(BaseModel):
    """A finished daily table to enter; nothing else (a score is refused, not read)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    table: TableId
