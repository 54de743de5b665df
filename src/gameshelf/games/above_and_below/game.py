"""Above and Below (Ryan Laukat, Red Raven Games, 2015) for 2-4 players.

The game object is static: data, the encounter book, the action universe and
the presentation hooks. Positions live in :mod:`.state`, rules in :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, Observation, PlayerId, State
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.actions import canonical
from gameshelf.games.above_and_below.components import GOODS, SALE_ITEMS, load_components
from gameshelf.games.above_and_below.state import AboveAndBelowState

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.encounters import Book


class AboveAndBelow(Game):
    id = "above-and-below"
    name_key = "above_and_below.name"
    min_players = 2
    max_players = 4
    rules_version = "2"
    action_classes = A.ACTION_CLASSES

    def __init__(self, book: Book | None = None) -> None:
        super().__init__()
        self._book = book
        self._well_formed: frozenset[Action] | None = None

    @property
    def book(self) -> Book:
        """The encounter book (the real one unless a test passes another)."""
        if self._book is None:
            from gameshelf.games.above_and_below.encounters import load_book

            self._book = load_book()
        return self._book

    def action_from_json(self, obj: Any) -> Action:
        """The move ``obj`` names, checked field by field (:meth:`check_action`)
        before anything else sees it; a move of the universe comes back as the
        shared instance (``actions.make``), so histories hold the same objects
        whether played or read back from a record."""
        action = super().action_from_json(obj)
        self.check_action(action)
        return canonical(action) if action in self.well_formed else action

    @property
    def well_formed(self) -> frozenset[Action]:
        """Every move with a fixed id (the action universe), for exact lookups."""
        if self._well_formed is None:
            self._ensure_universe()
            self._well_formed = frozenset(self.codec.from_id(i) for i in range(self.codec.size))
        return self._well_formed

    def check_action(self, action: Any) -> None:
        """Raise ``malformed-action`` unless every field of ``action`` has its
        exact type and a value this game can use (see :mod:`.inputs`)."""
        from gameshelf.games.above_and_below.inputs import check

        check(action, self.well_formed, players=self.max_players, min_offer=load_components().tracks.min_offer)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return AboveAndBelowState(self, players, seed, options)

    def _action_universe(self) -> Sequence[Action]:
        comp = load_components()
        tracks = comp.tracks
        villagers = range(len(comp.villagers))
        cards = [c for c, b in comp.buildings.items() if b.category != "starting"]
        trainable = [v.id for v in comp.villagers if v.group == "trainable"]
        producers = [c for c in cards if comp.buildings[c].goods_on_buy or comp.buildings[c].goods_refill]
        universe = [
            *(A.Act(a) for a in A.MAIN_ACTIONS),
            A.Pass(),
            A.Done(),
            A.SetOut(),
            A.Decline(),
            A.Rested(),
            A.Resolve(),
            *(A.Assign(v) for v in villagers),
            *(A.Build(c) for c in cards),
            *(A.Train(v) for v in trainable),
            *(A.Harvest(c) for c in producers),
            *(A.Choose(p, i) for p, para in self.book.paragraphs.items() for i in range(len(para.options))),
            *(A.Reroll(v) for v in villagers),
            *(A.Push(v) for v in villagers),
            *(A.Offer(s, price) for s in range(self.max_players)
              for price in range(tracks.min_offer, tracks.max_offer + 1)),
            A.Respond(True),
            A.Respond(False),
            *(A.Sell(i) for i in SALE_ITEMS),
            A.Withdraw(),
            *(A.Track(g) for g in GOODS),
            *(A.Refresh(r) for r in A.ROWS),
            *(A.Spend(i) for i in ("cider", "potion")),
            *(A.Rest(r, v) for r in A.REMEDIES for v in villagers),
        ]
        return [canonical(a) for a in universe]

    # -- presentation -------------------------------------------------------------------------
    def describe_action(self, action: Action, lang: str | None = None) -> str:
        from gameshelf.games.above_and_below.texts import describe

        return describe(self, action, lang)

    def describe_public(self, action: Action, player: PlayerId, lang: str | None = None) -> str:
        """What every other seat may read about ``player``'s move (see :mod:`.public`)."""
        from gameshelf.games.above_and_below.public import describe_public

        return describe_public(self, action, player, lang)

    def render(self, observation: Observation, lang: str | None = None) -> Any:
        from gameshelf.games.above_and_below.terminal_view import render

        return render(self, observation, lang)

    def evaluate(self, state: State, player: PlayerId) -> float:
        from gameshelf.games.above_and_below.heuristics import evaluate

        return evaluate(state, player)  # type: ignore[arg-type]

    def cli_commands(self) -> Sequence[Any]:
        from gameshelf.games.above_and_below.cli import commands

        return commands()
