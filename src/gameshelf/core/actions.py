"""Actions: small immutable values with one JSON form and one text form.

A game declares its action classes as frozen dataclasses that subclass
:class:`Action` and name themselves with ``kind``. The JSON form is
``{"type": kind, <field>: <value>, ...}``; lists in JSON become tuples so the
action stays hashable.

Why every field is checked against its type hint: moves arrive from strangers
(the server, records on disk), and Python's equality is loose where a game's
rules must not be: ``1.0 == 1 == True`` and all three hash alike, so a move
holding ``1.0`` passes a membership test, ends up stored in the state or in a
cache shared by every game in the process, and breaks them later.
:class:`ActionCodec` therefore checks each field for its *exact* declared
type (an ``int`` field takes an int and never a bool or a float) and a sane
size before any action is built, and refuses anything else with
:class:`IllegalAction` ``malformed-action`` whose message says, in English
and Japanese, which field was wrong and what it expected.

Supported hints: ``int``, ``bool``, ``str``, ``float``, ``None``,
``tuple[X, ...]``, ``tuple[X, Y]``, ``X | Y`` (``Optional``) and ``Literal``.
A codec refuses, when the game is loaded, a class with any other hint, since
it could not check it.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal, Union

from gameshelf.core import i18n
from gameshelf.core.errors import IllegalAction

#: an int field holds a value of magnitude below this (no 5,000-digit numbers).
INT_LIMIT = 2**31
#: the longest text a str field takes.
MAX_TEXT = 120
#: the most items a tuple field takes.
MAX_ITEMS = 64


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


# -- refusals ----------------------------------------------------------------------------
def brief(value: Any) -> str:
    """A short, safe rendering of any input for an error message.

    Never recursive (a list nested 10,000 deep must not overflow the stack)
    and never long (nor does it print a 5,000-digit int, which Python refuses).
    """
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    if isinstance(value, int):
        return str(value) if -INT_LIMIT < value < INT_LIMIT else "<huge integer>"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 24 else value[:24] + "…")
    if isinstance(value, list | tuple):
        return "[…]"
    if isinstance(value, dict):
        return "{…}"
    return f"<{type(value).__name__}>"


def malformed(detail_key: str, **params: Any) -> IllegalAction:
    """``malformed-action`` whose detail is ``errors.malformed.<detail_key>``
    written out in every language (a parameter may be a ``{lang: text}`` map)."""
    detail = {
        lang: i18n.t(
            f"errors.malformed.{detail_key}",
            lang,
            **{k: v[lang] if isinstance(v, dict) else v for k, v in params.items()},
        )
        for lang in i18n.LANGUAGES
    }
    return IllegalAction("malformed-action", {"detail": detail})


def _words(key: str, **params: Any) -> dict[str, str]:
    return {lang: i18n.t(f"errors.malformed.want.{key}", lang, **params) for lang in i18n.LANGUAGES}


class _Refused(Exception):
    """A field value that does not fit: what was wanted, as text per language."""

    def __init__(self, want: dict[str, str]) -> None:
        super().__init__(want["en"])
        self.want = want


# -- checkers: one per field, built once per class from its type hints -------------------
Checker = Callable[[Any], Any]


def _int(value: Any) -> Any:
    if type(value) is not int or not -INT_LIMIT < value < INT_LIMIT:
        raise _Refused(_words("int", low=-INT_LIMIT + 1, high=INT_LIMIT - 1))
    return value


def _bool(value: Any) -> Any:
    if type(value) is not bool:
        raise _Refused(_words("bool"))
    return value


def _str(value: Any) -> Any:
    if type(value) is not str or len(value) > MAX_TEXT:
        raise _Refused(_words("str", n=MAX_TEXT))
    return value


def _none(value: Any) -> Any:
    if value is not None:
        raise _Refused(_words("none"))
    return value


def _float_json(value: Any) -> Any:
    """JSON writers drop ``.0`` (JavaScript sends ``4`` for 4.0), so a float
    field takes a whole number too, made a float."""
    if type(value) is int and -INT_LIMIT < value < INT_LIMIT:
        return float(value)
    return _float(value)


def _float(value: Any) -> Any:
    if type(value) is not float or not math.isfinite(value) or abs(value) >= INT_LIMIT:
        raise _Refused(_words("float"))
    return value


def _literal(choices: tuple[Any, ...]) -> Checker:
    words = _words("literal", values=", ".join(brief(c) for c in choices))

    def check(value: Any) -> Any:
        for choice in choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise _Refused(words)

    return check


def _union(options: tuple[Checker, ...], hints: tuple[Any, ...], json: bool) -> Checker:
    def check(value: Any) -> Any:
        for option in options:
            try:
                return option(value)
            except _Refused:
                continue
        raise _Refused(_join([_describe(h, json) for h in hints]))

    return check


def _tuple(items: tuple[Checker, ...] | None, rest: Checker | None, json: bool, want: Any) -> Checker:
    """``tuple[X, Y]`` (``items``) or ``tuple[X, ...]`` (``rest``). From JSON
    a list is taken and frozen; an action built in Python must hold a tuple."""
    kinds = (list, tuple) if json else (tuple,)

    def check(value: Any) -> Any:
        if type(value) not in kinds:
            raise _Refused(want)
        if items is not None:
            if len(value) != len(items):
                raise _Refused(want)
            return tuple(c(v) for c, v in zip(items, value, strict=True))
        if len(value) > MAX_ITEMS:
            raise _Refused(want)
        assert rest is not None
        return tuple(rest(v) for v in value)

    return check


def _join(parts: list[dict[str, str]]) -> dict[str, str]:
    return {
        lang: i18n.t("errors.malformed.want.or", lang).join(p[lang] for p in parts)
        for lang in i18n.LANGUAGES
    }


def _describe(hint: Any, json: bool) -> dict[str, str]:
    try:
        _checker(hint, json)(object())
    except _Refused as refusal:
        return refusal.want
    raise AssertionError("a checker took an arbitrary object")  # pragma: no cover


_SIMPLE: dict[Any, tuple[Checker, Checker]] = {
    int: (_int, _int),
    bool: (_bool, _bool),
    str: (_str, _str),
    float: (_float_json, _float),
    type(None): (_none, _none),
    None: (_none, _none),
}


def _checker(hint: Any, json: bool) -> Checker:
    """The checker of one type hint; ``json`` takes lists for tuples."""
    simple = _SIMPLE.get(hint)
    if simple is not None:
        return simple[0] if json else simple[1]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return _literal(args)
    if origin is Union or origin is types.UnionType:
        return _union(tuple(_checker(a, json) for a in args), args, json)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _describe(args[0], json)
            return _tuple(None, _checker(args[0], json), json, _words("list-of", n=MAX_ITEMS, item=inner))
        if args and Ellipsis not in args:
            want = _words("list-exact", n=len(args))
            return _tuple(tuple(_checker(a, json) for a in args), None, json, want)
    raise TypeError(f"the action codec cannot check a field of type {hint!r}")


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    required: bool
    from_json: Checker
    exact: Checker


def _fields_of(cls: type[Action]) -> tuple[_Field, ...]:
    try:
        hints = typing.get_type_hints(cls)
    except Exception as exc:  # a hint that names something undefined
        raise TypeError(f"{cls.__name__}: cannot read its type hints ({exc})") from exc
    out = []
    for f in dataclasses.fields(cls):
        try:
            out.append(
                _Field(
                    f.name,
                    f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
                    _checker(hints[f.name], True),
                    _checker(hints[f.name], False),
                )
            )
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{f.name}: {exc}") from None
    return tuple(out)


class ActionCodec:
    """JSON <-> action for one game's set of action classes, exact-type checks
    of actions built in Python, and fixed integer ids over the game's whole
    action universe (for agents' action masks)."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        self._fields: dict[type[Action], tuple[_Field, ...]] = {}
        for cls in classes:
            if cls.kind in self.classes:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self.classes[cls.kind] = cls
            self._fields[cls] = _fields_of(cls)
        self._universe: Sequence[Action] | None = None
        self._ids: dict[type[Action], dict[Action, int]] | None = None
        self._id_view: Mapping[type[Action], Mapping[Action, int]] = types.MappingProxyType({})

    def from_json(self, obj: Any) -> Action:
        """The action a JSON value describes, every field checked for its
        exact type and size; :class:`IllegalAction` ``malformed-action``
        otherwise."""
        if not isinstance(obj, dict):
            raise malformed("not-object", got=brief(obj))
        kind = obj.get("type")
        cls = self.classes.get(kind) if type(kind) is str else None
        if cls is None:
            raise malformed("unknown-type", type=brief(kind))
        fields = self._fields[cls]
        names = {f.name for f in fields}
        extra = sorted(brief(k) for k in obj if k != "type" and k not in names)
        missing = sorted(f.name for f in fields if f.required and f.name not in obj)
        if extra or missing:
            raise malformed(
                "fields", kind=kind, extra=", ".join(extra[:6]) or "-", missing=", ".join(missing) or "-"
            )
        values = {}
        for f in fields:
            if f.name in obj:
                try:
                    values[f.name] = f.from_json(obj[f.name])
                except _Refused as refusal:
                    raise malformed(
                        "field", kind=kind, field=f.name, want=refusal.want, got=brief(obj[f.name])
                    ) from None
        try:
            return cls(**values)
        except (TypeError, ValueError):
            raise malformed("fields", kind=kind, extra="-", missing="-") from None

    def check(self, action: Any) -> None:
        """Refuse an object that is not exactly one of this game's action
        classes, or whose fields do not hold exactly their declared types
        (``PickDie(1.0)`` equals and hashes like ``PickDie(1)``, so nothing
        after this check could tell them apart)."""
        fields = self._fields.get(type(action))
        if fields is None:
            raise malformed("foreign", got=brief(action) if not isinstance(action, Action) else action.kind)
        for f in fields:
            value = getattr(action, f.name)
            try:
                f.exact(value)
            except _Refused as refusal:
                raise malformed(
                    "field", kind=action.kind, field=f.name, want=refusal.want, got=brief(value)
                ) from None

    def rebuild(self, action: Action) -> Action:
        """A fresh instance equal to a checked ``action`` (never the caller's object)."""
        cls = type(action)
        return cls(**{f.name: getattr(action, f.name) for f in self._fields[cls]})

    def set_universe(self, universe: Sequence[Action]) -> None:
        self._universe = tuple(universe)
        # One table per class. Why not one dict of every action: a dataclass
        # hashes its fields only, so PlayCard(3), DiscardCard(3) and
        # SellBusiness(3) (and every field-less action) share a hash, and a
        # lookup in one dict ran a Python __eq__ down each collision chain:
        # 9-12 us a move for Filthy Rich and Pay Dirt, against 1 us of hashing.
        # Within a class equal fields mean an equal action, so no chains.
        self._ids = {}
        for i, a in enumerate(self._universe):
            table = self._ids.setdefault(type(a), {})
            if a in table:
                raise ValueError("the action universe lists an action twice")
            table[a] = i
        self._id_view = types.MappingProxyType({cls: types.MappingProxyType(t) for cls, t in self._ids.items()})

    @property
    def id_tables(self) -> Mapping[type[Action], Mapping[Action, int]]:
        """Every action of the universe with its id, one read-only table per
        action class: what :meth:`to_id` looks up
        (``id_tables[type(action)][action]``), for callers that convert a
        whole legal list."""
        if self._ids is None:
            raise RuntimeError("this game declared no action universe")
        return self._id_view

    @property
    def size(self) -> int:
        if self._universe is None:
            raise RuntimeError("this game declared no action universe")
        return len(self._universe)

    def to_id(self, action: Action) -> int:
        if self._ids is None:
            raise RuntimeError("this game declared no action universe")
        try:
            return self._ids[type(action)][action]
        except (KeyError, TypeError):
            raise malformed("no-id", action=brief(action) if not isinstance(action, Action) else str(action)[:60]) from None

    def from_id(self, index: int) -> Action:
        if self._universe is None:
            raise RuntimeError("this game declared no action universe")
        if type(index) is not int or not 0 <= index < len(self._universe):
            raise malformed("no-such-id", id=brief(index))
        return self._universe[index]
