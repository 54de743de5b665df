"""Actions: small immutable values with one JSON form and one text form.

A game declares its action classes as frozen dataclasses that subclass
:class:`Action` and name themselves with ``kind``. The JSON form is
``{"type": kind, <field>: <value>, ...}``; lists in JSON become tuples so the
action stays hashable. :class:`ActionCodec` turns JSON back into actions for
a game and rejects anything malformed with a clear :class:`IllegalAction`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from gameshelf.core.errors import IllegalAction


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action. Subclasses are frozen dataclasses.

    Example:
        >>> @dataclasses.dataclass(frozen=True, slots=True)
        ... class Ship(Action):
        ...     kind: ClassVar[str] = "ship"
        ...     good: str
        >>> Ship("wheat").to_json()
        {'type': 'ship', 'good': 'wheat'}
    """

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _thaw(getattr(self, f.name))
        return data

    def __str__(self) -> str:
        args = " ".join(str(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{self.kind} {args}".strip()


class ActionCodec:
    """JSON <-> action for one game's set of action classes, and fixed integer
    ids over the game's whole action universe (for agents' action masks)."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.kind in self.classes:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self.classes[cls.kind] = cls
        self._universe: Sequence[Action] | None = None
        self._ids: dict[Action, int] | None = None

    def from_json(self, obj: Any) -> Action:
        if not isinstance(obj, dict):
            raise IllegalAction("malformed-action", {"detail": "an action is a JSON object"})
        kind = obj.get("type")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalAction("malformed-action", {"detail": f"unknown action type {kind!r}"})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(obj) - set(fields) - {"type"}
        missing = {n for n, f in fields.items() if n not in obj and f.default is dataclasses.MISSING}
        if extra or missing:
            detail = f"{kind}: unexpected {sorted(extra)} / missing {sorted(missing)}"
            raise IllegalAction("malformed-action", {"detail": detail})
        values = {n: _freeze(obj[n]) for n in fields if n in obj}
        for name, value in values.items():
            if not _plain(value):
                raise IllegalAction("malformed-action", {"detail": f"{kind}.{name} is not plain data"})
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise IllegalAction("malformed-action", {"detail": str(exc)}) from None

    def set_universe(self, universe: Sequence[Action]) -> None:
        self._universe = tuple(universe)
        self._ids = {a: i for i, a in enumerate(self._universe)}
        if len(self._ids) != len(self._universe):
            raise ValueError("the action universe lists an action twice")

    @property
    def size(self) -> int:
        if self._universe is None:
            raise RuntimeError("this game declared no action universe")
        return len(self._universe)

    def to_id(self, action: Action) -> int:
        if self._ids is None:
            raise RuntimeError("this game declared no action universe")
        try:
            return self._ids[action]
        except KeyError:
            raise IllegalAction("malformed-action", {"detail": f"{action} has no id"}) from None

    def from_id(self, index: int) -> Action:
        if self._universe is None:
            raise RuntimeError("this game declared no action universe")
        if not 0 <= index < len(self._universe):
            raise IllegalAction("malformed-action", {"detail": f"no action with id {index}"})
        return self._universe[index]


def _plain(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, bool | int | float | str)
