"""Moves typed as words at the move prompt (``bid 12``), beside the numbers.

Why: a menu cannot list every legal amount (a bid may be anything from the
minimum up to one's cash), so a game's texts may read typed text itself:
:meth:`Texts.typed_move` and :meth:`Texts.typed_hint` (see
:mod:`gameshelf.core.interfaces`). A game that reads no typed text keeps the
defaults, which answer ``None``. An error in a game's reading is a bug and
is not hidden.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State

#: typed text longer than this is not read at all (no game's form is longer)
MAX_TYPED = 40


def typed_move(state: State, seat: PlayerId, text: str, lang: str | None) -> Action | str | None:
    """What ``seat`` typing ``text`` means now: an action to play, a message
    saying why the text cannot be played, or ``None`` when it is not the
    game's typed form. ``text`` is already folded (NFKC, trimmed, lower case)."""
    if not isinstance(text, str) or not text or len(text) > MAX_TYPED:
        return None
    return state.game.texts().typed_move(state.observation(seat), text, lang)


def typed_hint(state: State, seat: PlayerId, lang: str | None) -> str | None:
    """The line that tells ``seat`` what it may type now, if anything."""
    return state.game.texts().typed_hint(state.observation(seat), lang) or None
