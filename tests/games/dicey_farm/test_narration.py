"""The solo log says what was done, not only what came of it.

In a solo game every event of a move stands for the move
(``core.narration.reports_move``), so a move's first event must name the
move: a last sowing used to read only "You get a die showing 1" (the
Sower's die, 「種を蒔くアクションの後、1のダイスを得る」) and a bake only the
die that came back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gameshelf.core.actions import Action
from gameshelf.games.dicey_farm import actions as A
from tests.playthrough import logged_moves

FIRST_EVENT = {A.Sow: "dicey_farm.log.sow", A.Bake: "dicey_farm.log.bake"}


def _keen(rng: random.Random, legal: Sequence[Action]) -> Action:
    """Random, but leaning towards building and baking so the oven is reached."""
    keen = [a for a in legal if isinstance(a, A.Build | A.Bake)]
    return rng.choice(keen if keen and rng.random() < 0.8 else legal)


def test_sowing_and_baking_open_their_own_log_lines() -> None:
    seen: set[type] = set()
    for _, _, action, events in logged_moves("dicey-farm", 1, 40, _keen):
        key = FIRST_EVENT.get(type(action))
        if key is not None:
            assert events and events[0].key == key, (action, events)
            seen.add(type(action))
    assert seen == set(FIRST_EVENT)
