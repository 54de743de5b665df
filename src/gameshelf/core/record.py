"""Game records: the whole game as seed + actions, and exact replay.

A record is ``{game, rules_version, players, options, seed, actions}``
(plus optional ``meta``: names, date, result). Replaying it rebuilds the very
same state, because every draw comes from the seeded streams in the state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gameshelf.core import i18n
from gameshelf.core.actions import brief
from gameshelf.core.errors import GameshelfError, RecordError

if TYPE_CHECKING:
    from gameshelf.core.protocol import State

RECORD_KEYS = ("game", "rules_version", "players", "options", "seed", "actions")


def make_record(state: State, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": state.game.id,
        "rules_version": state.game.rules_version,
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "actions": [a.to_json() for a in state.history],
    }
    if state.is_over:
        record["result"] = {"scores": state.scores(), "ranking": state.ranking()}
    if meta:
        record["meta"] = meta
    return record


def replay(record: Any, *, upto: int | None = None) -> State:
    """Rebuild the state a record describes.

    Args:
        record: a record dict (as :func:`make_record` wrote it).
        upto: replay only the first ``upto`` actions.

    Raises:
        RecordError: the record is malformed in any way (a missing key, a
            value of the wrong type or size, a move that is not well formed
            or not legal where it stands), or it is for another rules
            version. Nothing else escapes, whatever the record holds.
    """
    from gameshelf.core.registry import load_game

    if not isinstance(record, dict) or any(k not in record for k in RECORD_KEYS):
        raise RecordError("bad-record", {"detail": f"a record needs the keys {', '.join(RECORD_KEYS)}"})
    if not isinstance(record["actions"], list):
        raise RecordError("bad-record", {"detail": "actions must be a list"})
    if type(record["game"]) is not str:
        raise RecordError("unknown-game", {"game": brief(record["game"])})
    try:
        game = load_game(record["game"])
    except KeyError:
        raise RecordError("unknown-game", {"game": record["game"][:40]}) from None
    if type(record["rules_version"]) is not str or record["rules_version"] != game.rules_version:
        raise RecordError(
            "wrong-version", {"have": game.rules_version, "want": brief(record["rules_version"])}
        )
    try:
        state = game.new_game(record["players"], record["seed"], record["options"])
    except GameshelfError as exc:
        raise RecordError("bad-record", {"detail": _in_every_language(exc)}) from None
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for index, obj in enumerate(actions):
        try:
            state.apply(game.action_from_json(obj))
        except GameshelfError as exc:
            raise RecordError(
                "bad-move", {"index": index + 1, "detail": _in_every_language(exc)}
            ) from None
    return state


def _in_every_language(exc: GameshelfError) -> dict[str, str]:
    """The sentence of ``exc`` in each language, as one i18n parameter, so a
    record error reads in one language from end to end."""
    return {lang: exc.message_in(lang) for lang in i18n.LANGUAGES}


def save_record(record: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def load_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        # ValueError covers bad JSON and numbers too long for Python to read;
        # RecursionError, lists nested past the parser's depth.
        raise RecordError("bad-record", {"detail": str(exc)[:200]}) from None
    if not isinstance(data, dict):
        raise RecordError("bad-record", {"detail": "a record is a JSON object"})
    return data
