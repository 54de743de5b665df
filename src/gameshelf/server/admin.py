"""``gameshelf admin``: the server's accounts from the command line.

Why a command and not a route: an administrator is whoever may open the
server's database; no account is an administrator, so no password guessed
over the network can become one.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from gameshelf.server.config import DATABASE_ENV, default_database_url

if TYPE_CHECKING:
    from gameshelf.server.features.accounts import Accounts

T = TypeVar("T")

admin = typer.Typer(help="Manage the server's accounts (list, reset a password, disable).",
                    no_args_is_help=True)

Db = Annotated[str | None, typer.Option(
    "--db", help=f"Database URL (default: ${DATABASE_ENV}, else the server's SQLite file).")]


def _accounts(db: str | None) -> Accounts:
    from gameshelf.server.auth.throttle import Throttle
    from gameshelf.server.features.accounts import Accounts
    from gameshelf.server.play.service import Service
    from gameshelf.server.store.db import make_engine, migrate

    engine = make_engine(db or os.environ.get(DATABASE_ENV) or default_database_url())
    migrate(engine)
    service = Service(engine)
    return Accounts(service, Throttle(engine))


def _run(db: str | None, action: Callable[[Accounts], T]) -> T:
    from gameshelf.server.errors import ApiError

    accounts = _accounts(db)
    try:
        return action(accounts)
    except ApiError as exc:
        typer.echo(exc.message_in(None), err=True)
        raise typer.Exit(1) from None
    finally:
        accounts.service.close()


@admin.command("list")
def list_accounts(db: Db = None) -> None:
    """Every account: name, when it was made, and whether it is disabled."""
    for row in _run(db, lambda a: a.list_accounts()):
        when = datetime.datetime.fromtimestamp(row.created_at, datetime.UTC).strftime("%Y-%m-%d %H:%M")
        typer.echo(f"{row.name}\t{when} UTC\t{'disabled' if row.disabled else 'active'}")


@admin.command("reset-password")
def reset_password(name: Annotated[str, typer.Argument(help="The account's name.")],
                   db: Db = None) -> None:
    """Give the account a new random password (printed once); its sessions end."""
    password = _run(db, lambda a: a.reset_password(name))
    typer.echo(f"New password for {name}: {password}")


@admin.command("disable")
def disable(name: Annotated[str, typer.Argument(help="The account's name.")],
            enable: Annotated[bool, typer.Option("--enable", help="Enable it again instead.")] = False,
            db: Db = None) -> None:
    """Disable an account (it cannot log in, its sessions end, its profile
    is hidden; its seats' tokens still work), or enable it again."""
    _run(db, lambda a: a.set_disabled(name, not enable))
    typer.echo(f"{name}: {'enabled' if enable else 'disabled'}")
