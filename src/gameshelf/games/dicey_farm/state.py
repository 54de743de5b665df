"""The Dicey Farm state: what lies on the farm.

The rules live in ``rules/``; this module holds the data, the copy used by
search bots, the queries the rules share, and the scores. The observation
(the only view that leaves the state) is in ``redaction.py``, the re-dealing
of hidden parts for bots in ``hidden.py``, the invariants in
``rules/invariants.py`` (docs/architecture.md, "One file per job").
"""

from __future__ import annotations

from typing import Any, cast

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Decision, Game, Observation, PlayerId, State, Unavailable
from gameshelf.core.rng import Rng, derive_seed
from gameshelf.games.dicey_farm import rules
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules.apply import APPLY
from gameshelf.games.dicey_farm.rules.decision import decision as decide
from gameshelf.games.dicey_farm.rules.legal import LEGAL

C = components()
NAMESPACE = "dicey_farm"
ANIMALS = ("chicken", "sheep", "pig", "cow")


def rank_of(score: float) -> dict[str, Any]:
    """The rulebook's rank for a final score: ``index`` (0 = the lowest
    rank of the table in ``data/constants.toml``), ``key``, ``min`` (the
    lowest score of that rank) and the ``en`` / ``ja`` titles.
    """
    index = C.rank_index(score)
    low, key = C.ranks[index]
    return {"index": index, "key": key, "min": low,
            "en": t(f"dicey_farm.rank.{key}", "en"), "ja": t(f"dicey_farm.rank.{key}", "ja")}


def daily_rng(date: str) -> Rng:
    """The random streams of a Daily Mode puzzle: a function of the date only."""
    return Rng(derive_seed("dicey-farm", "daily", date))


class DiceyFarmState(State):
    """One solo game of Dicey Farm.

    Containers that change only at round start (``deck``, ``gone``,
    ``wares``, ``rolled``, ``hired``, ``built``, ``acquired``) are replaced,
    never mutated, so :meth:`_copy` can share them between clones.
    """

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        if options.get("daily"):
            self.rng = daily_rng(options["daily"])
        k = C.constants
        self.round: int = 1
        self.dice: list[int] = []
        self.phase: str = "main"
        self.held: int = 0       # face of the die picked in the "die" step
        self.left: int = 0       # seeds / shipments / bakes / keeps left in a sub-step
        self.sow_face: int = 0   # the die on the sow step (0 outside it): nothing sown spends it all (D33)
        self.kept: list[str] = []
        self.goods: dict[str, int] = dict.fromkeys(C.resources, 0)
        self.goods["food"] = k["start_food"]
        self.fields: int = k["start_fields"]
        self.sown: dict[str, int] = dict.fromkeys(C.crops, 0)
        self.built: tuple[str, ...] = ()
        self.hired: tuple[str, ...] = ()
        # craftsman and facility ids in the order they were acquired (for
        # the simulator's per-card table; see acquisitions())
        self.acquired: tuple[str, ...] = ()
        self.display: list[str] = []
        self.deck: tuple[str, ...] = tuple(self.rng["craftsmen"].shuffled(C.deck))
        self.gone: tuple[str, ...] = ()
        self.wares: dict[str, tuple[tuple[str, int], ...]] = {}
        self.rolled: tuple[tuple[int, ...], ...] = ()
        # once-a-round actions spent this round; a dict (an ordered set) so
        # that copies pickle identically
        self.used: dict[str, bool] = {}
        self.plough_face = 0
        self.ploughs = 0
        self.recruited = False
        self.vp: dict[str, int] = {"tourism": 0, "market": 0, "craftsmen": 0, "whisky": 0}
        self.beggars = 0
        self.leftover: dict[str, int] = {}
        self.final: dict[str, int] | None = None
        rules.start_round(self)

    # -- protocol ------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.final is not None

    @property
    def current_player(self) -> PlayerId | None:
        return None if self.final is not None else 0

    def round_number(self) -> int:
        """The round in play (1-8): it changes when the round's last move,
        "end round", has been played and the next round dealt."""
        return self.round

    def decision(self) -> Decision | None:
        """The status bar's phrase (``rules/decision.py``)."""
        return decide(self)

    # the rules' tables are looked up here directly: these two run at every
    # step of every search, and each extra call was a measurable share
    def _legal_actions(self) -> list[Action]:
        return LEGAL[self.phase](self)

    def _apply(self, action: Action) -> None:
        APPLY[type(action)](self, action)

    def explain_illegal(self, action: Any) -> IllegalAction:
        code, params = rules.explain(self, action)
        return IllegalAction(code, params, namespace=NAMESPACE)

    def unavailable_moves(self) -> list[Unavailable]:
        """The moves the player looks for and may not make now, with why (rules/why_not.py)."""
        from gameshelf.games.dicey_farm.rules.why_not import unavailable_moves

        return unavailable_moves(self)

    # -- queries used by the rules, the view and the heuristics -----------------------
    def has(self, craftsman: str) -> bool:
        return craftsman in self.hired

    def occupied(self) -> int:
        """Fields in use: sown fields, one per livestock species (horses only
        without a stable)."""
        g = self.goods
        used = sum(self.sown.values())
        for a in ANIMALS:
            if g[a] > 0:
                used += 1
        if g["horse"] > 0 and "stable" not in self.built:
            used += 1
        return used

    def empty_fields(self) -> int:
        return self.fields - self.occupied()

    def running_vp(self) -> int:
        return sum(self.vp.values())

    def acquisitions(self) -> dict[int, list[str]]:
        """What the player acquired, in order, for the simulator's per-card
        table: the id (from ``data/``) of every craftsman contracted (契約)
        and every facility built (増築). Merchants' wares are plain goods,
        not distinct items, and keeping craftsmen on display (募集) acquires
        nothing; see RULES.md D29."""
        return {0: list(self.acquired)}

    # -- copies and hidden information ---------------------------------------------
    def clone(self) -> DiceyFarmState:
        return cast(DiceyFarmState, super().clone())

    def _copy(self) -> DiceyFarmState:
        other = object.__new__(DiceyFarmState)
        d = self.__dict__.copy()
        d["dice"] = list(self.dice)
        d["kept"] = list(self.kept)
        d["goods"] = dict(self.goods)
        d["sown"] = dict(self.sown)
        d["display"] = list(self.display)
        d["used"] = dict(self.used)
        d["vp"] = dict(self.vp)
        other.__dict__ = d
        return other

    def _redeal(self, player: PlayerId) -> None:
        """Shuffle the unseen craftsmen again; future rolls are already new
        because ``determinize`` re-seeded the streams."""
        from gameshelf.games.dicey_farm.hidden import redeal

        redeal(self, player)

    def observation(self, player: PlayerId | None) -> Observation:
        """Everything on the table; of the deck only its size."""
        from gameshelf.games.dicey_farm.redaction import observe

        return observe(self, player)

    # -- the end ----------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.final is not None:
            return [float(sum(v for k, v in self.final.items() if k != "ignored_beggars"))]
        return [float(self.running_vp() - C.constants["beggar_penalty"] * self.beggars)]

    def check_invariants(self) -> None:
        from gameshelf.games.dicey_farm.rules.invariants import check

        check(self)
