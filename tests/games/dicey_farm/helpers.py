"""Build Dicey Farm positions directly, so each rule test is a few lines."""

from __future__ import annotations

from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.registry import load_game
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.state import DiceyFarmState

GAME = load_game("dicey-farm")


def farm(
    *,
    dice: list[int] | None = None,
    goods: dict[str, int] | None = None,
    hired: tuple[str, ...] = (),
    built: tuple[str, ...] = (),
    fields: int | None = None,
    round_no: int | None = None,
    seed: int = 0,
    **attrs: Any,
) -> DiceyFarmState:
    """A fresh game changed into the position a test needs.

    Hired craftsmen are taken out of the display and the deck, so the
    "no craftsman created or destroyed" invariant still holds.
    """
    state = GAME.new_game(1, seed)
    assert isinstance(state, DiceyFarmState)
    if dice is not None:
        state.dice = sorted(dice)
    for good, n in (goods or {}).items():
        state.goods[good] = n
    if hired:
        state.display = [c for c in state.display if c not in hired]
        state.deck = tuple(c for c in state.deck if c not in hired)
        state.hired = tuple(hired)
    state.built = tuple(built)
    if fields is not None:
        state.fields = fields
    if round_no is not None:
        state.round = round_no
    for name, value in attrs.items():
        setattr(state, name, value)
    state.check_invariants()
    return state


def play(state: DiceyFarmState, *actions: Action) -> DiceyFarmState:
    for action in actions:
        state.apply(action)
        state.check_invariants()
    return state


def use(state: DiceyFarmState, face: int, action: str) -> DiceyFarmState:
    """Pick a die showing ``face`` and spend it on ``action``."""
    return play(state, A.PickDie(face), A.Use(action))


def legal_uses(state: DiceyFarmState, face: int) -> set[str]:
    probe = state.clone()
    probe.apply(A.PickDie(face))
    return {a.action for a in probe.legal_actions() if isinstance(a, A.Use)}


def spend_all(state: DiceyFarmState) -> DiceyFarmState:
    """Spend every remaining die on tourism/fishing-free moves to reach EndRound:
    each die goes to the first legal use, sub-steps end at once."""
    while state.dice or state.phase != "main":
        if state.phase == "main":
            state.apply(A.PickDie(state.dice[0]))
        else:
            legal = state.legal_actions()
            done = [a for a in legal if isinstance(a, A.Done)]
            uses = [a for a in legal if isinstance(a, A.Use)]
            pick = done[0] if done else (A.Use("tourism") if A.Use("tourism") in legal else (uses or legal)[0])
            state.apply(pick)
    return state
