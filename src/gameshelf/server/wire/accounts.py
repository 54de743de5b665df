"""Request bodies of the account routes, checked as strictly as the
others (``tables.py``): exact types, no unknown fields, bounded sizes."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictInt, StrictStr

from gameshelf.server.auth.passwords import MAX_PASSWORD, MIN_PASSWORD
from gameshelf.server.config import MAX_NAME
from gameshelf.server.wire.tables import Strict

AccountName = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME)]
Password = Annotated[StrictStr, Field(
    min_length=MIN_PASSWORD, max_length=MAX_PASSWORD,
    description=f"{MIN_PASSWORD} to {MAX_PASSWORD} characters, compared in Unicode NFKC form; "
    "not spaces alone.")]
TableId = Annotated[StrictStr, Field(pattern=r"^[A-Za-z0-9_-]{1,24}$")]
Token = Annotated[StrictStr, Field(min_length=1, max_length=64, pattern=r"^[\x21-\x7e]+$")]


class Credentials(Strict):
    """Sign-up and login: a name and a password, nothing else (no e-mail)."""

    name: AccountName
    password: Password


class PasswordChange(Strict):
    old: Password
    new: Password


class ClaimSeat(Strict):
    table: TableId
    seat: Annotated[StrictInt, Field(ge=0, le=15)]
    token: Token


class Claim(Strict):
    """Guest seats this browser holds, to bind to the account."""

    seats: Annotated[list[ClaimSeat], Field(min_length=1, max_length=200)]
