"""Games the simulation tests need in every worker process.

Imported with ``--plugin tests.sim.plugin_games`` (or ``Job.plugins``) so
that pool and Ray workers register them too: the tiny game, the solitaire
game with acquisitions, and a game that crashes on some seeds (one in three).
"""

from __future__ import annotations

import time
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, State
from gameshelf.core.registry import register_game
from tests.bots.solitaire_game import register as register_solitaire
from tests.tiny_game import HiddenHigh, HiddenHighState


class CrashingState(HiddenHighState):
    """Hidden High whose rules break on seeds divisible by 3 (a stand-in for a bug)."""

    def _apply(self, action: Action) -> None:
        if self.seed % 3 == 0 and len(self.history) == 3:
            raise RuntimeError("a rule blew up")
        super()._apply(action)

    def _copy(self) -> CrashingState:
        other = super()._copy()
        other.__class__ = CrashingState
        return other


class Crashing(HiddenHigh):
    id = "crashing-high"

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return CrashingState(self, players, seed, options)


class SlowState(HiddenHighState):
    """Hidden High that takes a while per move, so a test can interrupt it."""

    def _apply(self, action: Action) -> None:
        time.sleep(0.02)
        super()._apply(action)

    def _copy(self) -> SlowState:
        other = super()._copy()
        other.__class__ = SlowState
        return other


class Slow(HiddenHigh):
    id = "slow-high"

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return SlowState(self, players, seed, options)


def register() -> None:
    register_game(HiddenHigh.id, HiddenHigh)
    register_game(Crashing.id, Crashing)
    register_game(Slow.id, Slow)
    register_solitaire()


register()

__all__ = ["Crashing", "Game", "Slow"]
