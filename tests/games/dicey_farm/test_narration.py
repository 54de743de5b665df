"""The solo log says what was done, not only what came of it.

In a solo game every event of a move stands for the move
(``core.narration.reports_move``), so a move's first event must name the
move: a last sowing used to read only "You get a die showing 1" (the
Sower's die, 「種を蒔くアクションの後、1のダイスを得る」) and a bake only the
die that came back.
"""

from __future__ import annotations

import random

from gameshelf.core.registry import load_game
from gameshelf.games.dicey_farm import actions as A

FIRST_EVENT = {A.Sow: "dicey_farm.log.sow", A.Bake: "dicey_farm.log.bake"}


def test_sowing_and_baking_open_their_own_log_lines() -> None:
    game = load_game("dicey-farm")
    seen: set[type] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_game(1, seed)
        while not state.is_over:
            legal = state.legal_actions()
            # lean towards building and baking so the oven is reached
            keen = [a for a in legal if isinstance(a, A.Build | A.Bake)]
            action = rng.choice(keen if keen and rng.random() < 0.8 else legal)
            before = len(state.events_for(0))
            state.apply(action, 0)
            key = FIRST_EVENT.get(type(action))
            if key is not None:
                events = state.events_for(0)[before:]
                assert events and events[0].key == key, (action, events)
                seen.add(type(action))
    assert seen == set(FIRST_EVENT)
