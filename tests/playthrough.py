"""Random games move by move, with what each move logged: the loop the
narration tests of every game share."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Event, State
from gameshelf.core.registry import load_game

#: picks a move from the legal ones (the default: uniformly at random)
Policy = Callable[[random.Random, Sequence[Action]], Action]


def _uniform(rng: random.Random, legal: Sequence[Action]) -> Action:
    return rng.choice(legal)


def logged_moves(game_id: str, players: int, games: int,
                 policy: Policy = _uniform) -> Iterator[tuple[State, int, Action, list[Event]]]:
    """Each move of ``games`` seeded games: the state after it, its mover,
    the move, and the public events it logged."""
    game = load_game(game_id)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(players, seed)
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            action = policy(rng, state.legal_actions())
            before = len(state.events_for(None))
            state.apply(action, mover)
            yield state, mover, action, state.events_for(None)[before:]
