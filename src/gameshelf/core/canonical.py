"""A canonical, order-free form of any game state, for "identical" checks.

Why not pickle bytes: pickle writes a string object once and refers back to
it when it meets the same object again, so two equal states whose strings
are equal but not the same objects pickle differently; and a copied set may
iterate in another order. The kit would then call a perfect replay
"different". This form depends only on values: dicts and sets are sorted,
objects become (class name, attributes), shared objects are walked again.

It is on the kit's hot path (a snapshot before and after every rejected
move), hence the fast paths for plain values and for slotted dataclasses
such as actions and events.
"""

from __future__ import annotations

import dataclasses
import enum
import types
from typing import Any

_PRIMITIVES = (type(None), bool, int, float, str, bytes)
_REFS = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type, obj: Any) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        if dataclasses.is_dataclass(obj):
            names = tuple(f.name for f in dataclasses.fields(obj))
        else:
            slots = []
            for klass in cls.__mro__:
                for slot in getattr(klass, "__slots__", ()):
                    if slot not in ("__dict__", "__weakref__"):
                        slots.append(slot)
            names = tuple(sorted(set(slots)))
        _FIELDS[cls] = names
    return names


def _sorted(items: list[Any]) -> tuple[Any, ...]:
    try:
        return tuple(sorted(items))
    except TypeError:
        return tuple(sorted(items, key=repr))


def canonical(obj: Any, _active: set[int] | None = None) -> Any:
    """A nested tuple that two equal-valued objects share exactly."""
    if type(obj) in _PRIMITIVES:
        return obj
    if _active is None:
        _active = set()
    cls = type(obj)
    if cls is list or cls is tuple:
        if all(type(v) in _PRIMITIVES for v in obj):
            return (cls.__name__, tuple(obj))
    elif isinstance(obj, enum.Enum):
        return ("enum", cls.__qualname__, obj.name)
    elif isinstance(obj, _REFS):
        return ("ref", getattr(obj, "__qualname__", getattr(obj, "__name__", repr(obj))))
    elif isinstance(obj, _PRIMITIVES):
        return obj
    ident = id(obj)
    if ident in _active:
        return ("cycle", cls.__qualname__)
    _active.add(ident)
    try:
        if isinstance(obj, list | tuple):
            return (type(obj).__name__, tuple(canonical(v, _active) for v in obj))
        if isinstance(obj, dict):
            return ("dict", _sorted([(canonical(k, _active), canonical(v, _active))
                                     for k, v in obj.items()]))
        if isinstance(obj, set | frozenset):
            return ("set", _sorted([canonical(v, _active) for v in obj]))
        if isinstance(obj, bytearray | memoryview):
            return ("bytes", bytes(obj))
        values = [(name, canonical(getattr(obj, name), _active))
                  for name in _field_names(cls, obj) if hasattr(obj, name)]
        extra = getattr(obj, "__dict__", None)
        if extra and not dataclasses.is_dataclass(obj):
            values.extend((k, canonical(v, _active)) for k, v in extra.items())
            values.sort()
        return (cls.__qualname__, tuple(values))
    finally:
        _active.discard(ident)
