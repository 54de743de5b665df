"""Every decision a Pay Dirt player makes, as small immutable actions.

Compound table turns are split into atomic decisions: an auction is a
nomination then one bid or pass at a time; the labour phase is one worker
(or one gear use) at a time with an explicit :class:`EndLabor`. Fields are
small integers (machine 0-2 = excavator, loader, wash plant) so the action
universe stays finite; ``by`` says who does a machine move: a worker or one
of the two gear slots.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import ClassVar, TypeVar

from gameshelf.core.actions import Action
from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, ROWS, TARGETS

#: who performs a labour action: a worker from the Unused Labor Force, or a gear.
BY = ("worker", "claim_gear", "camp_gear")
WORKER, CLAIM_GEAR, CAMP_GEAR = 0, 1, 2


def _name(names: tuple[str, ...], index: object) -> str:
    """``names[index]``, or the raw value when a wire action carries nonsense
    (its text must still print so the refusal can name it)."""
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(names):
        return names[index]
    return repr(index)


def _num(index: object) -> str:
    """A 0-based index as the 1-based number players read."""
    return str(index + 1) if isinstance(index, int) and not isinstance(index, bool) else repr(index)


@dataclasses.dataclass(frozen=True, slots=True)
class Nominate(Action):
    """The auctioneer puts a lot up and opens ``over`` thousand dollars above
    its printed minimum bid ("最低金額はカード・タイルの右上"; 0 = at the minimum).

    Why relative: the same slot holds lots of different minimums, so a few
    fixed steps (``rules.auction.OPENING_STEPS``) name the listed openings
    and their action ids; any other step up to one's cash is legal too.
    """

    kind: ClassVar[str] = "nominate"
    row: int
    slot: int
    over: int

    def __str__(self) -> str:
        return f"nominate {_name(ROWS, self.row)} {_num(self.slot)} +{self.over}"


@dataclasses.dataclass(frozen=True, slots=True)
class AuctioneerPass(Action):
    kind: ClassVar[str] = "auctioneer-pass"

    def __str__(self) -> str:
        return "auctioneer-pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Raise the high bid to ``amount`` thousand dollars."""

    kind: ClassVar[str] = "bid"
    amount: int

    def __str__(self) -> str:
        return f"bid ${self.amount},000"


@dataclasses.dataclass(frozen=True, slots=True)
class PassBid(Action):
    """A hard pass: out of this auction."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardClaim(Action):
    """With a 4th claim, give one up together with its dirt."""

    kind: ClassVar[str] = "discard-claim"
    slot: int

    def __str__(self) -> str:
        return f"discard-claim {_num(self.slot)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Install(Action):
    kind: ClassVar[str] = "install"

    def __str__(self) -> str:
        return "install"


@dataclasses.dataclass(frozen=True, slots=True)
class Scrap(Action):
    kind: ClassVar[str] = "scrap"

    def __str__(self) -> str:
        return "scrap"


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveWear(Action):
    """One wear cube of a scrapped tile's allowance comes off ``target``."""

    kind: ClassVar[str] = "remove-wear"
    target: int

    def __str__(self) -> str:
        return f"remove-wear {_name(TARGETS, self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceGear(Action):
    """Send ``workers`` unused workers to the Gear Supplier (none is a
    choice too); each buys one gear in the laps that follow."""

    kind: ClassVar[str] = "place-gear"
    workers: int

    def __str__(self) -> str:
        return f"place-gear {self.workers}"


@dataclasses.dataclass(frozen=True, slots=True)
class BuyGear(Action):
    kind: ClassVar[str] = "buy-gear"
    slot: int

    def __str__(self) -> str:
        return f"buy-gear {_num(self.slot)}"


@dataclasses.dataclass(frozen=True, slots=True)
class StopBuying(Action):
    kind: ClassVar[str] = "stop-buying"

    def __str__(self) -> str:
        return "stop-buying"


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    kind: ClassVar[str] = "sell"
    gold: int
    by: int = WORKER

    def __str__(self) -> str:
        return f"sell {self.gold} {_name(BY, self.by)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Slide(Action):
    """Slide the tile on ``space`` of ``machine`` one space right."""

    kind: ClassVar[str] = "slide"
    machine: int
    space: int
    by: int = WORKER

    def __str__(self) -> str:
        return f"slide {_name(MACHINES, self.machine)} {_num(self.space)} {_name(BY, self.by)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pull(Action):
    """``machine`` pulls the previous machine's last tile onto its first space."""

    kind: ClassVar[str] = "pull"
    machine: int
    by: int = WORKER

    def __str__(self) -> str:
        return f"pull {_name(MACHINES, self.machine)} {_name(BY, self.by)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Dig(Action):
    """The excavator takes a tile of ``tile_kind`` from claim ``claim``."""

    kind: ClassVar[str] = "dig"
    claim: int
    tile_kind: int
    by: int = WORKER

    def __str__(self) -> str:
        return f"dig {_num(self.claim)} {_name(KIND_CODES, self.tile_kind)} {_name(BY, self.by)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Repair(Action):
    kind: ClassVar[str] = "repair"
    target: int
    by: int = WORKER

    def __str__(self) -> str:
        return f"repair {_name(TARGETS, self.target)} {_name(BY, self.by)}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndLabor(Action):
    kind: ClassVar[str] = "end-labor"

    def __str__(self) -> str:
        return "end-labor"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepHardship(Action):
    """Keep hardship ``card`` from the hand being drafted; pass the rest on."""

    kind: ClassVar[str] = "keep-hardship"
    card: int

    def __str__(self) -> str:
        return f"keep-hardship {self.card}"


A = TypeVar("A", bound=Action)


@functools.lru_cache(maxsize=None, typed=True)
def listed(cls: type[A], *fields: int) -> A:
    """The one shared instance of ``cls(*fields)`` that menus list.

    Why: building a frozen dataclass costs about a microsecond and a menu
    holds up to forty actions (every bid up to the cap), rebuilt after every
    move; actions are immutable and compared by value, so one instance per
    value serves every state. ``typed`` keeps ``1`` and ``True`` apart; only
    the rules call this, with ints they computed, never with a caller's
    values (the core plays the game's own instance, see ``State.apply``).
    """
    return cls(*fields)


@functools.lru_cache(maxsize=None, typed=True)
def listed_run(cls: Callable[..., A], start: int, stop: int, *rest: int) -> tuple[A, ...]:
    """``cls(i, *rest)`` for every ``i`` in ``range(start, stop)``, as
    one shared tuple: a menu's run of numbered choices (every bid from the
    high bid up to one's cash, every worker count) in one lookup."""
    return tuple(cls(i, *rest) for i in range(start, stop))


ACTION_CLASSES: tuple[type[Action], ...] = (
    Nominate, AuctioneerPass, Bid, PassBid, DiscardClaim, Install, Scrap, RemoveWear,
    PlaceGear, BuyGear, StopBuying, Sell, Slide, Pull, Dig, Repair, EndLabor, KeepHardship,
)


def action_universe(
    max_spaces: int, bid_cap: int, gear_display: int, hardships: int, max_workers: int, opening_steps: tuple[int, ...]
) -> list[Action]:
    """Every action that can ever be listed, in a fixed order: the listed
    opening steps, every bid up to the cap (A31), every worker count. An
    opening step that is legal but never listed has no id."""
    out: list[Action] = [Nominate(r, s, o) for r in range(3) for s in range(3) for o in opening_steps]
    out.append(AuctioneerPass())
    out += [Bid(a) for a in range(1, bid_cap + 1)]
    out.append(PassBid())
    out += [DiscardClaim(s) for s in range(4)]
    out += [Install(), Scrap()]
    out += [RemoveWear(t) for t in range(len(TARGETS))]
    out += [PlaceGear(n) for n in range(max_workers + 1)]
    out += [BuyGear(s) for s in range(gear_display)]
    out.append(StopBuying())
    for by in range(len(BY)):
        out += [Sell(g, by) for g in (1, 2)]
        out += [Slide(m, s, by) for m in range(3) for s in range(max_spaces - 1)]
        out += [Pull(m, by) for m in (1, 2)]
        out += [Dig(c, k, by) for c in range(3) for k in range(3)]
        out += [Repair(t, by) for t in range(3)]
    out += [Repair(t, WORKER) for t in (3, 4)]
    out.append(EndLabor())
    out += [KeepHardship(c) for c in range(hardships)]
    return out
