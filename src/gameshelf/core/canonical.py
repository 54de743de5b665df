"""A canonical, order-free form of any game state, for "identical" checks.

Why not pickle bytes: pickle writes a string object once and refers back to
it when it meets the same object again, so two equal states whose strings
are equal but not the same objects pickle differently; and a copied set may
iterate in another order. The kit would then call a perfect replay
"different". This form depends only on values: dicts and sets are sorted,
objects become (class name, attributes), shared objects are walked again.
"""

from __future__ import annotations

import dataclasses
import enum
import types
from typing import Any

_PRIMITIVES = (type(None), bool, int, float, complex, str, bytes)


def canonical(obj: Any, _stack: frozenset[int] = frozenset()) -> Any:
    """A nested tuple that two equal-valued objects share exactly."""
    if isinstance(obj, _PRIMITIVES):
        return obj
    if isinstance(obj, enum.Enum):
        return ("enum", type(obj).__qualname__, obj.name)
    if isinstance(obj, types.ModuleType | types.FunctionType | types.BuiltinFunctionType | type):
        return ("ref", getattr(obj, "__qualname__", getattr(obj, "__name__", repr(obj))))
    ident = id(obj)
    if ident in _stack:
        return ("cycle", type(obj).__qualname__)
    stack = _stack | {ident}
    if isinstance(obj, list | tuple):
        return (type(obj).__name__, tuple(canonical(v, stack) for v in obj))
    if isinstance(obj, dict):
        items = [(canonical(k, stack), canonical(v, stack)) for k, v in obj.items()]
        return ("dict", tuple(sorted(items, key=repr)))
    if isinstance(obj, set | frozenset):
        return ("set", tuple(sorted((canonical(v, stack) for v in obj), key=repr)))
    if isinstance(obj, bytearray | memoryview):
        return ("bytes", bytes(obj))
    fields: dict[str, Any] = {}
    if dataclasses.is_dataclass(obj):
        fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    else:
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if slot not in ("__dict__", "__weakref__") and hasattr(obj, slot):
                    fields[slot] = getattr(obj, slot)
        fields.update(getattr(obj, "__dict__", {}))
    return (
        type(obj).__qualname__,
        tuple(sorted((name, canonical(value, stack)) for name, value in fields.items())),
    )
