"""One player's village: villagers in three zones, stocks, buildings, tracks.

Kept as a small slotted class with a hand-written :meth:`Village.copy`
because search bots clone states hundreds of thousands of times.
"""

from __future__ import annotations

from typing import Any

from gameshelf.games.above_and_below.components import GOOD_INDEX, GOODS, Components

_ORE, _AMETHYST = GOOD_INDEX["ore"], GOOD_INDEX["amethyst"]


class Village:
    """Everything on one player board and in front of it.

    Villagers are ids (see ``data/villagers.toml``) in exactly one of
    ``ready`` / ``exhausted`` / ``injured`` (or out on a task of the state).
    Goods are counts per type in ``GOODS`` order; ``sale`` is the one item on
    the for-sale space (still owned); ``track`` lists goods indices in slot
    order and ``track_count`` how many of each type lie on the track.
    """

    __slots__ = (
        "card_goods", "caves", "cider", "coins", "exhausted", "goods", "houses", "injured",
        "outposts", "passed", "potions", "ready", "rep", "sale", "track", "track_count",
    )  # fmt: skip

    def __init__(self, coins: int, rep: int) -> None:
        self.coins = coins
        self.rep = rep
        self.ready: list[int] = []
        self.exhausted: list[int] = []
        self.injured: list[int] = []
        self.goods: list[int] = [0] * len(GOODS)
        self.potions = 0
        self.cider = 0
        self.sale: str | None = None
        self.track: list[int] = []
        self.track_count: list[int] = [0] * len(GOODS)
        self.houses: list[str] = []
        self.outposts: list[str] = []
        self.caves: list[int] = []
        self.card_goods: dict[str, int] = {}
        self.passed = False

    def copy(self) -> Village:
        other = Village.__new__(Village)
        other.coins = self.coins
        other.rep = self.rep
        other.ready = self.ready[:]
        other.exhausted = self.exhausted[:]
        other.injured = self.injured[:]
        other.goods = self.goods[:]
        other.potions = self.potions
        other.cider = self.cider
        other.sale = self.sale
        other.track = self.track[:]
        other.track_count = self.track_count[:]
        other.houses = self.houses[:]
        other.outposts = self.outposts[:]
        other.caves = self.caves[:]
        other.card_goods = dict(self.card_goods)
        other.passed = self.passed
        return other

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, s) for s in Village.__slots__)

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        for name, value in zip(Village.__slots__, data, strict=True):
            setattr(self, name, value)

    # -- counting -------------------------------------------------------------------------
    @property
    def villagers(self) -> list[int]:
        return self.ready + self.exhausted + self.injured

    @property
    def buildings(self) -> list[str]:
        return self.houses + self.outposts

    def owned(self, item: str) -> int:
        """Items in supply plus the one on the for-sale space (not the track, not cards)."""
        if item == "potion":
            n = self.potions
        elif item == "cider":
            n = self.cider
        else:
            n = self.goods[GOOD_INDEX[item]]
        return n + (1 if self.sale == item else 0)

    def owned_for_scoring(self, item: str) -> int:
        """B14: goods on the track, in supply and on the for-sale space."""
        n = self.owned(item)
        if item in GOOD_INDEX:
            n += self.track_count[GOOD_INDEX[item]]
        return n

    def take(self, item: str, n: int = 1) -> None:
        """Remove ``n`` items, from supply first, then the for-sale space; caller checked."""
        for _ in range(n):
            if item == "potion" and self.potions:
                self.potions -= 1
            elif item == "cider" and self.cider:
                self.cider -= 1
            elif item in GOOD_INDEX and self.goods[GOOD_INDEX[item]]:
                self.goods[GOOD_INDEX[item]] -= 1
            else:
                assert self.sale == item, f"no {item} to take"
                self.sale = None

    def add(self, item: str, n: int = 1) -> None:
        if item == "potion":
            self.potions += n
        elif item == "cider":
            self.cider += n
        else:
            self.goods[GOOD_INDEX[item]] += n

    def empty_caves(self) -> int:
        return len(self.caves) - len(self.outposts)

    def has_ability(self, comp: Components, name: str) -> bool:
        return bool(self.ability_sum(comp, name))

    def ability_sum(self, comp: Components, name: str) -> int:
        """The sum of one printed ability over every building here (asked at
        every step of a rest and a table turn, hence the flat loop)."""
        cards = comp.buildings
        total = 0
        for b in self.houses:
            total += getattr(cards[b], name)
        for b in self.outposts:
            total += getattr(cards[b], name)
        return total

    def income(self, comp: Components) -> int:
        """B4: the rightmost filled progress slot (base income if none), plus cards."""
        tracks = comp.tracks
        income = tracks.progress_income[len(self.track) - 1] if self.track else tracks.base_income
        cards = comp.buildings
        per = 0  # one pass over the cards: the bots' heuristic asks this at every search leaf
        for group in (self.houses, self.outposts):
            for b in group:
                card = cards[b]
                income += card.income
                per += card.income_per_ore_amethyst
        if per:
            income += per * (self.track_count[_ORE] + self.track_count[_AMETHYST])
        return income

    def to_json(self, comp: Components) -> dict[str, Any]:
        return {
            "coins": self.coins,
            "reputation": self.rep,
            "ready": list(self.ready),
            "exhausted": list(self.exhausted),
            "injured": list(self.injured),
            "goods": {g: self.goods[i] for i, g in enumerate(GOODS)},
            "potions": self.potions,
            "cider": self.cider,
            "sale": self.sale,
            "track": [[GOODS[i], self.track_count[i]] for i in self.track],
            "houses": list(self.houses),
            "outposts": list(self.outposts),
            "caves": list(self.caves),
            "card_goods": dict(sorted(self.card_goods.items())),
            "passed": self.passed,
            "income": self.income(comp),
        }
