"""One player's Mining Camp board: machines, wear, claims, gear, crew.

The machine row, left to right, is where dirt travels::

    claims        Excavator        Loader          Wash Plant
    [B B B]  -->  [ . | . | . ] -> [ . | . | . ] -> [ . | . | $ ]
     dig           slide/pull       slide/pull       last space = gold

A tile enters a machine by a *dig* (claim -> excavator, first space) or a
*pull* (previous machine's last space -> this machine's first space); every
entry puts one wear cube on the receiving machine. A tile that reaches the
Wash Plant's last space turns into gold at once, so that space stays empty.

Wear and repair targets are numbered like ``components.TARGETS``: machines
0-2, then the claim-gear slot (3) and the camp-gear slot (4).
"""

from __future__ import annotations

from gameshelf.games.pay_dirt.components import Components

EMPTY = -1


class Camp:
    """A player's board. Plain lists of small ints, copied by hand."""

    __slots__ = (
        "busy", "claim_tiles", "claims", "equip", "gear", "gold", "idle", "money",
        "ongoing", "personnel", "repaired", "rows", "unused", "wear", "workers",
    )

    def __init__(self, comp: Components, money: int, workers: int) -> None:
        self.money = money
        self.gold = 0
        self.workers = workers
        self.unused = 0
        self.idle = 0
        self.rows: list[list[int]] = [[EMPTY] * n for n in comp.rules.base_spaces]
        self.wear = [0, 0, 0, 0, 0]
        self.equip = [EMPTY, EMPTY, EMPTY]
        self.claims: list[int] = []
        self.claim_tiles: list[list[int]] = []
        self.gear = [EMPTY, EMPTY]
        self.personnel: list[int] = []
        self.ongoing: list[int] = []
        self.busy = [False] * 5
        self.repaired = [False] * 5

    def copy(self) -> Camp:
        other = Camp.__new__(Camp)
        other.money = self.money
        other.gold = self.gold
        other.workers = self.workers
        other.unused = self.unused
        other.idle = self.idle
        other.rows = [list(r) for r in self.rows]
        other.wear = list(self.wear)
        other.equip = list(self.equip)
        other.claims = list(self.claims)
        other.claim_tiles = [list(t) for t in self.claim_tiles]
        other.gear = list(self.gear)
        other.personnel = list(self.personnel)
        other.ongoing = list(self.ongoing)
        other.busy = list(self.busy)
        other.repaired = list(self.repaired)
        return other

    def __getstate__(self) -> tuple[object, ...]:
        return tuple(getattr(self, k) for k in Camp.__slots__)

    def __setstate__(self, data: tuple[object, ...]) -> None:
        for k, v in zip(Camp.__slots__, data, strict=True):
            setattr(self, k, v)

    # -- machines and gear ---------------------------------------------------------
    def durability(self, comp: Components, target: int) -> int:
        """Tool icons of a machine (its equipment's, else the board's) or a
        gear (0 for an empty slot), read from the tables ``Components`` works
        out once (an empty place, -1, reads their last entry)."""
        if target < 3:
            return comp.machine_tools[target][self.equip[target]]
        return comp.gear_durability[self.gear[target - 3]]

    def broken(self, comp: Components, target: int) -> bool:
        """Wear equal to durability: it cannot operate until repaired."""
        if target < 3:
            return self.wear[target] >= comp.machine_tools[target][self.equip[target]]
        return self.wear[target] >= comp.gear_durability[self.gear[target - 3]]

    def add_wear(self, comp: Components, target: int, amount: int = 1) -> None:
        """Wear beyond durability has no further effect, so it is capped there."""
        if target < 3:
            top = comp.machine_tools[target][self.equip[target]]
        else:
            top = comp.gear_durability[self.gear[target - 3]]
        wear = self.wear[target] + amount
        self.wear[target] = top if wear > top else wear

    def tiles_on_board(self) -> list[int]:
        return [t for row in self.rows for t in row if t != EMPTY]


def fit_row(old: list[int], spaces: int) -> tuple[list[int], list[int]]:
    """Carry a machine's dirt onto a replacement with ``spaces`` spaces.

    Tiles keep their distance from the machine's exit (the row is aligned on
    its right end, A15); tiles that no longer fit stick out on the left and
    are returned, left to right, to be pushed into the previous machine.
    """
    if spaces >= len(old):
        return [EMPTY] * (spaces - len(old)) + old, []
    cut = len(old) - spaces
    return old[cut:], [t for t in old[:cut] if t != EMPTY]


def push_into(row: list[int], pushed: list[int]) -> list[int]:
    """Push tiles into ``row`` from its right end, "tokoroten" style (A15).

    Each incoming tile shoves the tiles at the right end one space left; the
    shove stops at the first gap. When the row is full, its leftmost tile is
    pushed out and returned, to be pushed into the machine before it.
    """
    out: list[int] = []
    for tile in pushed:
        gaps = [i for i, t in enumerate(row) if t == EMPTY]
        if gaps:
            del row[gaps[-1]]
        else:
            out.append(row.pop(0))
        row.append(tile)
    return out
