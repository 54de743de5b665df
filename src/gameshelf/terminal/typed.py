"""Moves typed as words at the move prompt (``bid 12``), beside the numbers.

Why: a menu cannot list every legal amount (a bid may be anything from the
minimum up to one's cash), so a game's view may read typed text itself.
Two optional hooks of the game's ``view`` module:

* ``typed_move(observation, text, lang)`` -> an :class:`Action` to play, a
  message (``str``) saying why the text cannot be played, or ``None`` when
  the text is not this game's typed form (the prompt then says what it says
  to any unknown key). ``text`` is already folded (NFKC, trimmed, lower case).
* ``typed_hint(observation, lang)`` -> one short line for the prompt and the
  help screen while typing is possible now, else ``None``.

A hook that raises or answers something else counts as ``None``: a gap in a
view's extra wording must never stop a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.narration import view_hook
from gameshelf.core.protocol import PlayerId, State

#: typed text longer than this is not read at all (no game's form is longer)
MAX_TYPED = 40


def _hook(state: State, name: str) -> Callable[..., Any] | None:
    return view_hook(state.game, name)


def typed_move(state: State, seat: PlayerId, text: str, lang: str | None) -> Action | str | None:
    """What ``seat`` typing ``text`` means now (see the module docstring)."""
    hook = _hook(state, "typed_move")
    if hook is None or not isinstance(text, str) or not text or len(text) > MAX_TYPED:
        return None
    try:
        answer = hook(state.observation(seat), text, lang)
    except Exception:
        return None
    return answer if isinstance(answer, Action | str) else None


def typed_hint(state: State, seat: PlayerId, lang: str | None) -> str | None:
    """The line that tells ``seat`` what it may type now, if anything."""
    hook = _hook(state, "typed_hint")
    if hook is None:
        return None
    try:
        hint = hook(state.observation(seat), lang)
    except Exception:
        return None
    return hint if isinstance(hint, str) and hint else None
