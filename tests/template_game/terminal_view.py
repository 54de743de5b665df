"""Hidden High on the terminal (:class:`~gameshelf.core.interfaces.TerminalView`):
one line of points, the deck and the seat's own hand."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from gameshelf.core.interfaces import TerminalView
from gameshelf.core.protocol import Observation


class HiddenHighView(TerminalView):
    def render(self, observation: Observation, lang: str | None) -> Any:
        points = " ".join(f"P{p + 1}:{n}" for p, n in enumerate(observation["points"]))
        hand = observation["hand"]
        shown = " ".join(map(str, hand)) if hand is not None else "—"
        return Text(f"{points}   deck {observation['deck_size']}   hand {shown}")
