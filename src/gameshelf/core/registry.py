"""Which games exist. A fifth game is one line in ``BUILTIN``."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module, resources

from gameshelf.core import i18n
from gameshelf.core.protocol import Game

#: game id -> "module:attribute" of its Game class; imported on first use.
BUILTIN: dict[str, str] = {
    "dicey-farm": "gameshelf.games.dicey_farm.game:DiceyFarm",
    "filthy-rich": "gameshelf.games.filthy_rich.game:FilthyRich",
    "pay-dirt": "gameshelf.games.pay_dirt.game:PayDirt",
    "above-and-below": "gameshelf.games.above_and_below.game:AboveAndBelow",
}

_extra: dict[str, Callable[[], Game]] = {}
_loaded: dict[str, Game] = {}


def _available(target: str) -> bool:
    module = target.split(":")[0]
    try:
        import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            return False
        raise
    return True


def shipped_games() -> list[str]:
    """The ids of the built-in games that can be loaded (not those a test or
    a plugin registers at run time)."""
    return [gid for gid, target in BUILTIN.items() if _available(target)]


def games() -> list[str]:
    """The ids of every game that can be loaded, built-in first."""
    return shipped_games() + sorted(_extra)


def register_game(game_id: str, factory: Callable[[], Game]) -> None:
    """Add a game at run time (tests use this for their template game).
    When ``factory`` is a class whose package holds ``locales/``, as a
    game's folder does, its words join the catalogue."""
    _extra[game_id] = factory
    _loaded.pop(game_id, None)
    package = getattr(factory, "__module__", "").rpartition(".")[0]
    if package:
        folder = resources.files(package) / "locales"
        if folder.is_dir():
            i18n.add_catalog_source(i18n.namespace(game_id), folder)


def game_package(game: Game) -> str:
    """The package a game's code and ``data/`` live in (e.g.
    ``"gameshelf.games.dicey_farm"``), where per-game files are looked up."""
    return type(game).__module__.rpartition(".")[0]


def load_game(game_id: str) -> Game:
    """The :class:`Game` with this id. Raises ``KeyError`` for an unknown id."""
    game = _loaded.get(game_id)
    if game is not None:
        return game
    if game_id in _extra:
        game = _extra[game_id]()
    elif game_id in BUILTIN and _available(BUILTIN[game_id]):
        module, attr = BUILTIN[game_id].split(":")
        game = getattr(import_module(module), attr)()
    else:
        raise KeyError(game_id)
    _loaded[game_id] = game
    return game
