"""The state of a game of Above and Below: the position and its copies.

The rules themselves live in ``rules/`` (one module per part of the
rulebook); this module holds the position and hands each job to its file:
``rules/legal.py``, ``rules/apply.py``, ``rules/explain.py``,
``rules/invariants.py``, the one redaction function in ``redaction.py`` and
the re-deal in ``hidden.py`` (docs/architecture.md, "One file per job").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Decision, Observation, PlayerId, State, Unavailable
from gameshelf.games.above_and_below.components import Components, load_components
from gameshelf.games.above_and_below.rules import apply, decision, explain, invariants, legal
from gameshelf.games.above_and_below.rules.common import OPEN_BOTTOM_DECKS, known_under
from gameshelf.games.above_and_below.rules.scoring import final_scores
from gameshelf.games.above_and_below.rules.setup import set_up
from gameshelf.games.above_and_below.task import Task
from gameshelf.games.above_and_below.village import Village

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.encounters import Book

NS = "above_and_below"


class AboveAndBelowState(State):
    """A game in progress. ``phase`` says what kind of decision is due:

    ``turn`` (free actions, a main action or pass), ``assign`` (send villagers),
    ``build`` / ``train`` / ``harvest`` (pick the card for the villager just sent),
    ``option`` / ``dice`` / ``reward`` (an encounter), ``respond`` (a seller
    answers an offer), ``rest`` (round end), ``over``.
    """

    def __init__(self, game: Any, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        AboveAndBelowState.comp = load_components()
        set_up(self)

    #: the card data, shared by every state (a class attribute: never copied or pickled).
    comp: ClassVar[Components]

    # -- the position (set up in rules/setup.py) --------------------------------------------
    villages: list[Village]
    round: int
    start_player: int
    turn: int
    phase: str
    task: Task | None
    #: an offer awaiting the seller's answer: (seller, buyer, price, phase to return to)
    offer: tuple[int, int, int, str] | None
    refreshed: bool
    #: whether the turn player's for-sale space changed this turn
    sold: bool
    #: items that left the turn player's for-sale space this turn (they may not go back up, B32)
    sale_left: list[str]
    offered: list[bool]
    house_deck: list[str]
    house_row: list[str]
    outpost_deck: list[str]
    outpost_row: list[str]
    star_row: list[str]
    key_row: list[str]
    unused_keys: list[str]
    villager_deck: list[int]
    slots: list[int | None]
    specials: list[int]
    unused_villagers: list[int]
    first_round_exhausted: list[int]
    cave_deck: list[int]
    #: how many cards at the bottom of each deck everyone saw go there (common.put_under).
    house_deck_known: int
    outpost_deck_known: int
    cave_deck_known: int
    cider_on_board: bool
    supply_goods: list[int]
    supply_potion: int
    supply_cider: int
    rest_queue: list[int]
    rest_bedded: list[int]
    rest_beds_used: int
    #: per seat, the ids of the buildings and villagers acquired during the game, in order
    #: (tuples, so that a copy shares them; see :meth:`acquisitions`).
    acquired: list[tuple[str, ...]]

    @property
    def book(self) -> Book:
        return self.game.book  # type: ignore[attr-defined, no-any-return]

    # -- who decides --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def current_player(self) -> PlayerId | None:
        if self.phase == "over":
            return None
        if self.phase == "respond":
            return self.offer[0]  # type: ignore[index]
        if self.phase == "rest":
            return self.rest_queue[0]
        return self.turn

    def decision(self) -> Decision | None:
        """The status bar's phrase (``rules/decision.py``)."""
        return decision.decision(self)

    #: the rules' own functions serve as the methods (one Python call fewer per step:
    #: random playouts spend about a tenth of a step in such wrappers)
    _legal_actions = legal.legal_actions
    _apply = apply.apply_action

    def _legal_candidates(self, action: Action) -> list[Action]:
        """Only the legal moves of ``action``'s own kind
        (:func:`legal.legal_of_kind`): a checked apply then costs about what
        an unchecked one does."""
        return legal.legal_of_kind(self, type(action))

    def explain_illegal(self, action: Any) -> IllegalAction:
        return explain.explain(self, action)

    def unavailable_moves(self) -> list[Unavailable]:
        """The moves the seat to decide looks for and may not make now, with why (rules/why_not.py)."""
        from gameshelf.games.above_and_below.rules.why_not import unavailable_moves

        return unavailable_moves(self)

    def _is_legal(self, action: Action) -> bool:
        """Legality beyond the finite legal list: an offer may name any price
        from the minimum up to the buyer's coins (B7), while the list shows a
        short menu of prices. ``action`` already holds exact types."""
        return legal.is_legal_off_menu(self, action) or super()._is_legal(action)

    # -- copies -------------------------------------------------------------------------------
    def _copy(self) -> AboveAndBelowState:
        other = object.__new__(AboveAndBelowState)
        other.__dict__.update(self.__dict__)
        other.villages = [v.copy() for v in self.villages]
        other.task = self.task.copy() if self.task is not None else None
        for name in LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
        return other

    def _redeal(self, player: PlayerId) -> None:
        """Re-shuffle the unseen part of every deck; what everyone saw stays:
        the face-up top cave card, and the cards seen going under a deck (a
        refreshed row, a lost cave card: :meth:`known_zones`).

        Each unseen pool is sorted first, so the result depends only on what
        ``player`` can see (which cards are in which deck, not their order).
        """
        from gameshelf.games.above_and_below.hidden import redeal

        redeal(self, player)

    def known_zones(self, player: PlayerId) -> dict[str, Any]:
        """The zones every seat knows although they lie face down: the bottom
        of a deck that cards were seen going under, in order, and the face-up
        top cave card (the same for every seat: all of it happened in sight)."""
        from gameshelf.games.above_and_below.hidden import known_zones

        return known_zones(self, player)

    def _known_names(self) -> list[str]:
        names = [f"{deck}.bottom:{n}" for deck in OPEN_BOTTOM_DECKS if (n := known_under(self, deck))]
        if self.cave_deck:
            names.append("cave_deck.top:1")
        return names

    def zones(self, names: Sequence[str]) -> dict[str, Any]:
        """The true contents of zones named ``<deck>.bottom:<n>`` or
        ``<deck>.top:<n>`` (for the conformance kit; full information)."""
        from gameshelf.games.above_and_below.hidden import zones

        return zones(self, names)

    # -- what a seat sees ------------------------------------------------------------------------
    def observation(self, player: PlayerId | None) -> Observation:
        """The one redaction function. Deck orders and the rewards of an
        encounter not yet resolved are never included; the cave deck is face
        up, so its top card is shown, and so are the cards everyone saw go
        under a deck (``under_decks``, what :meth:`known_zones` names)."""
        from gameshelf.games.above_and_below.redaction import observe

        return observe(self, player)

    # -- the end ------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(s) for s in final_scores(self)]

    def acquisitions(self) -> dict[int, list[str]]:
        """For the simulator's per-card table: per seat, in acquisition order,
        every house, star house, key house and outpost built (bought or gained
        free) and every villager trained or gained (specials too), by data id
        (building ids such as ``"h07"``; villager ids as strings, ``"30"``).
        The starting house and villagers are dealt, not acquired."""
        return {p: list(items) for p, items in enumerate(self.acquired)}

    def tiebreak_key(self, player: PlayerId) -> tuple[Any, ...]:
        """B16: most coins, then most villagers, then most buildings."""
        v = self.villages[player]
        return (v.coins, len(v.villagers), len(v.buildings))

    def check_invariants(self) -> None:
        invariants.check(self)


#: the decks :meth:`AboveAndBelowState.zones` can name.
ZONE_DECKS: frozenset[str] = frozenset({"house_deck", "outpost_deck", "villager_deck", "cave_deck"})

#: list attributes of the state copied by :meth:`AboveAndBelowState._copy`.
LIST_FIELDS: tuple[str, ...] = (
    "house_deck", "house_row", "outpost_deck", "outpost_row", "star_row", "key_row", "unused_keys",
    "villager_deck", "slots", "cave_deck", "sale_left", "supply_goods", "specials", "offered", "rest_queue",
    "rest_bedded", "first_round_exhausted", "unused_villagers", "acquired",
)  # fmt: skip


__all__ = ["NS", "AboveAndBelowState"]
