"""What every adapter needs: checked settings, masks, action ids, outcomes.

Why one module: each library wants the same few facts about a state (the
legal-action mask, the id an agent sent, the reward at the end), and each
must refuse bad input the same way, with a clear error and nothing changed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gameshelf.core.protocol import Game, State
from gameshelf.core.registry import load_game

#: how a finished game pays a seat: its final score, or 1 for a win (ties
#: shared by every tied winner) and 0 otherwise.
REWARDS = ("score", "win")


def exact_int(value: Any, name: str) -> int:
    """``value`` as an int, refusing bools and floats (True is not 1, 4.0 is not 4)."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an integer, not {value!r}")
    return int(value)


def resolve_game(game: Any) -> Game:
    if not isinstance(game, str):
        raise TypeError(f"game must be a game id such as 'pay-dirt', not {game!r}")
    try:
        return load_game(game)
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None


def resolve_players(game: Game, players: Any) -> int:
    """The player count, checked; ``None`` means three where the game allows."""
    if players is None:
        return max(game.min_players, min(3, game.max_players))
    n = exact_int(players, "players")
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game.id} takes {game.min_players} to {game.max_players} players, not {n}")
    return n


def resolve_reward(reward: Any) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return str(reward)


def action_mask(state: State) -> np.ndarray:
    """The legal-action mask over the game's action ids, as int8 (zeros once over)."""
    game = state.game
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    for action in state.legal_actions():
        mask[game.action_id(action)] = 1
    return mask


def outcome(state: State, seat: int, reward: str) -> float:
    """What the finished ``state`` pays ``seat`` under ``reward``."""
    if reward == "win":
        return 1.0 if seat in state.winners() else 0.0
    return float(state.scores()[seat])


def checked_action(state: State, action: Any) -> Any:
    """The game action behind the id an agent sent, refusing a non-integer,
    an id outside the universe and (``IllegalAction``) an illegal move."""
    game = state.game
    index = exact_int(action, "action")
    if not 0 <= index < game.num_distinct_actions:
        raise ValueError(f"action id {index} is outside 0..{game.num_distinct_actions - 1}")
    return game.action_from_id(index)
