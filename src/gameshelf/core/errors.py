"""Errors that carry a machine code and a sentence in the player's language.

Why a code *and* a message: clients and tests branch on the stable code,
people read the sentence. The sentence is looked up in the i18n catalogs at
the moment it is read, so one exception can be shown in English to one seat
and in Japanese to another.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core import i18n


class GameshelfError(ValueError):
    """Base class of every error gameshelf raises on purpose."""

    def __init__(
        self,
        code: str,
        params: dict[str, Any] | None = None,
        *,
        namespace: str = "",
    ) -> None:
        self.code = code
        self.params = dict(params or {})
        self.namespace = namespace
        super().__init__(self.message_in("en"))

    @property
    def key(self) -> str:
        """The catalog key of the message: ``[<namespace>.]errors.<code>``."""
        prefix = f"{self.namespace}." if self.namespace else ""
        return f"{prefix}errors.{self.code}"

    def message_in(self, lang: str | None = None) -> str:
        """The human sentence in ``lang`` (default: the current language)."""
        return i18n.t(self.key, lang, **self.params)

    @property
    def message(self) -> str:
        return self.message_in(None)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": self.params}


class IllegalAction(GameshelfError):
    """An action that the rules forbid at this point; the state is unchanged.

    Example:
        >>> raise IllegalAction("not-your-turn", {"player": 1})
    """


class SetupError(GameshelfError):
    """A game that cannot be created: wrong player count, unknown option..."""


class RecordError(GameshelfError):
    """A game record that cannot be read or replayed (corrupt, wrong version)."""
