"""The games a server offers, and the checks of a new table's game and
options (exact types: ``1`` is not ``true``)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Game
from gameshelf.core.registry import games, load_game
from gameshelf.server.errors import ApiError


def game_or_404(game_id: str) -> Game:
    if game_id not in games():
        raise ApiError(404, "unknown-game", {"game": game_id})
    return load_game(game_id)


def games_list(lang: str | None) -> list[dict[str, Any]]:
    """Every game with its name in ``lang``, player counts (the default from
    :meth:`Game.meta`) and options."""
    out = []
    for game_id in games():
        game = load_game(game_id)
        out.append({
            "id": game_id,
            "name": game.name(lang),
            "min_players": game.min_players,
            "max_players": game.max_players,
            "default_players": game.meta()["default_players"],
            "options": {
                name: {
                    "default": spec.default,
                    "choices": list(spec.choices) if spec.choices is not None else None,
                    "help": t(spec.help_key, lang) if spec.help_key else "",
                }
                for name, spec in game.options_schema.items()
            },
        })
    return out


def check_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """Options of exactly the declared types (``1`` is not ``true``), then
    the game's own checks."""
    for name, value in options.items():
        spec = game.options_schema.get(name)
        if spec is None:
            raise ApiError(422, "bad-option", {"name": name})
        allowed = spec.choices if spec.choices is not None else (spec.default,)
        if not any(type(value) is type(c) for c in allowed if c is not None) and value is not None:
            raise ApiError(422, "bad-option", {"name": name})
    try:
        return game.resolve_options(options)
    except GameshelfError:
        raise ApiError(422, "bad-option", {"name": ", ".join(sorted(options))}) from None
