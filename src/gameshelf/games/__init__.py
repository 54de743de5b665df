"""The four games, one package each.

Why this module is callable: the public API promises ``gameshelf.games()``
(the list of game ids), and this package is also ``gameshelf.games``. Once
any game is imported, Python binds the package to that attribute, replacing
the function. Making the package itself callable keeps
``gameshelf.games()`` working either way.
"""

from __future__ import annotations

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from gameshelf.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
