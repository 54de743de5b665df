"""The atomic decisions of Above and Below.

A table turn is split into small choices so every list of legal moves stays
short: free actions (``offer``, ``sell``, ``track``, ``refresh``, ``spend``),
then one main action started with ``act`` and carried out one villager at a
time (``assign``), closed with ``done``; an exploration continues with
``choose``/``reroll``/``push``/``resolve``. Out-of-turn decisions are ``respond``
(a seller answering an offer) and ``rest`` at round end.

Actions that name a card carry its id, so ``describe_action`` can word them
without the state.
"""

from __future__ import annotations

import dataclasses
import sys
from functools import lru_cache
from typing import Any, ClassVar

from gameshelf.core.actions import Action as _CoreAction

MAIN_ACTIONS: tuple[str, ...] = ("explore", "harvest", "build", "train", "labor")
REMEDIES: tuple[str, ...] = ("potion", "cider", "bed")
ROWS: tuple[str, ...] = ("house", "outpost")


@dataclasses.dataclass(frozen=True, slots=True)
class Action(_CoreAction):
    """Interns its text fields, so that an action read back from JSON is made
    of the very same string objects as one built by the rules: a replayed
    state then pickles (``State.snapshot``) to the same bytes as the original."""

    def __post_init__(self) -> None:
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        for name in names:
            value = getattr(self, name)
            if type(value) is str:
                object.__setattr__(self, name, sys.intern(value))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@dataclasses.dataclass(frozen=True, slots=True)
class Act(Action):
    """Start one of the main actions (explore, harvest, build, train, labor)."""

    kind: ClassVar[str] = "act"
    action: str


@dataclasses.dataclass(frozen=True, slots=True)
class Assign(Action):
    """Send one ready villager to the action under way."""

    kind: ClassVar[str] = "assign"
    villager: int


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop sending villagers to a harvest or a labour."""

    kind: ClassVar[str] = "done"


@dataclasses.dataclass(frozen=True, slots=True)
class SetOut(Action):
    """Enough explorers: set out, and the die picks the paragraph."""

    kind: ClassVar[str] = "set-out"


@dataclasses.dataclass(frozen=True, slots=True)
class Decline(Action):
    """Take no free building from an encounter reward."""

    kind: ClassVar[str] = "decline"


@dataclasses.dataclass(frozen=True, slots=True)
class Rested(Action):
    """Finish resting at round end (the remaining remedies are kept)."""

    kind: ClassVar[str] = "rested"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass for the rest of the round."""

    kind: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Build(Action):
    """Buy (or take as an encounter reward) one building."""

    kind: ClassVar[str] = "build"
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class Train(Action):
    """Train the villager standing on a slot of the reputation board."""

    kind: ClassVar[str] = "train"
    villager: int


@dataclasses.dataclass(frozen=True, slots=True)
class Harvest(Action):
    """Take one good from one of your buildings with the villager just assigned."""

    kind: ClassVar[str] = "harvest"
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose an option of the encounter paragraph being read."""

    kind: ClassVar[str] = "choose"
    paragraph: int
    option: int


@dataclasses.dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Reroll one explorer's die (a reroll icon); the new result must be kept."""

    kind: ClassVar[str] = "reroll"
    villager: int


@dataclasses.dataclass(frozen=True, slots=True)
class Push(Action):
    """Push one explorer: +1 lantern, and the villager goes to Injured."""

    kind: ClassVar[str] = "push"
    villager: int


@dataclasses.dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Stop rolling and pushing: count the lanterns and read the outcome."""

    kind: ClassVar[str] = "resolve"


@dataclasses.dataclass(frozen=True, slots=True)
class Offer(Action):
    """Offer ``price`` coins for the item on ``seller``'s for-sale space."""

    kind: ClassVar[str] = "offer"
    seller: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True)
class Respond(Action):
    """The seller accepts or refuses the offer."""

    kind: ClassVar[str] = "respond"
    accept: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    """Put a good, cider or potion on your for-sale space (what was there goes back)."""

    kind: ClassVar[str] = "sell"
    item: str


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take the item on your for-sale space back into your supply."""

    kind: ClassVar[str] = "withdraw"


@dataclasses.dataclass(frozen=True, slots=True)
class Track(Action):
    """Place a good from your supply on your progress track (permanent)."""

    kind: ClassVar[str] = "track"
    good: str


@dataclasses.dataclass(frozen=True, slots=True)
class Refresh(Action):
    """Pay 1 coin: the house or outpost row goes under its deck and 4 new cards come up."""

    kind: ClassVar[str] = "refresh"
    row: str


@dataclasses.dataclass(frozen=True, slots=True)
class Spend(Action):
    """Turn a cider or potion into a coin (a card with the cider/potion-as-coin icon)."""

    kind: ClassVar[str] = "spend"
    item: str


@dataclasses.dataclass(frozen=True, slots=True)
class Rest(Action):
    """At round end: a potion (Injured→Exhausted), a cider (Exhausted→Ready) or a bed (one step)."""

    kind: ClassVar[str] = "rest"
    remedy: str
    villager: int


ACTION_CLASSES: tuple[type[Action], ...] = (
    Act, Assign, Done, SetOut, Decline, Rested, Pass, Build, Train, Harvest, Choose, Reroll, Push, Resolve,
    Offer, Respond, Sell, Withdraw, Track, Refresh, Spend, Rest,
)


class _Factories:
    """Cached constructors: ``make.Assign(3)`` returns one shared instance per
    value. Legal-move lists are rebuilt at every step of a playout, and
    building fresh frozen dataclasses there is the engine's largest cost.

    The caches are typed: ``0.0 == 0`` and ``True == 1`` in Python, and an
    untyped cache would hand the instance first built with a float or a bool
    to every later caller asking for the int (one client's malformed move
    would then change the moves of every game in the process)."""

    def __init__(self) -> None:
        for cls in ACTION_CLASSES:
            setattr(self, cls.__name__, lru_cache(maxsize=None, typed=True)(cls))


make: Any = _Factories()


def canonical(action: _CoreAction) -> _CoreAction:
    """The shared instance equal to ``action``; call it only on an action
    already checked (``inputs.check``) and in the game's universe, so that the
    caches hold nothing but the finite set of moves the rules can make."""
    if not isinstance(action, Action):
        return action
    names = _FIELD_NAMES.get(type(action)) or tuple(f.name for f in dataclasses.fields(action))
    return getattr(make, type(action).__name__)(*(getattr(action, n) for n in names))  # type: ignore[no-any-return]
