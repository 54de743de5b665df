"""The Filthy Rich game state: who owns what, the book, and what happens next.

Why a queue of tasks: a roll can set off several rulings in a row that each
wait on people (a sell window per zero, an auction per bankrupt luxury), so
the dice push small tasks (``window``, ``tax``, ``auction``, ``page``,
``end``) and :func:`~gameshelf.games.filthy_rich.rules.flow.advance` runs
them until one needs a decision. The state holds plain lists and ints only,
so :meth:`_copy` is a handful of list copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Decision, Game, Observation, PlayerId, State, Unavailable
from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich import hidden
from gameshelf.games.filthy_rich.cards import Catalog, catalog
from gameshelf.games.filthy_rich.rules import decision, explain, legal
from gameshelf.games.filthy_rich.rules.apply import apply

# phases: who decides and what about
TURN, PLACE, TARGET, TORCH, PAGE, SELL, AUCTION, OVER = (
    "turn", "place", "target", "torch", "page", "sell", "auction", "over",
)
TURN_PHASES = frozenset((TURN, PLACE, TARGET, TORCH, PAGE))
NOBODY = -1

_LIST_FIELDS = (
    "money", "deck", "discard", "lux_pool", "lux_removed", "sign_owner", "alive",
    "tasks", "out_order", "dice", "auction_ring", "auction_lots", "window",
)
_NESTED_FIELDS = ("hands", "businesses", "assets", "luxuries", "book", "acquired")


class FilthyRichState(State):
    """One game of Filthy Rich. Seats are 0-based; clockwise is ``seat + 1``."""

    cat: Catalog
    acts: legal.Table
    #: the card catalog and its prebuilt action values are shared, constant
    #: data, not part of a position
    transient = frozenset({"cat", "acts"})

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        cat = self.cat = catalog()
        # built once per catalog; legal_actions reads it as a plain attribute
        self.acts = legal.table(cat)
        r = cat.rules
        self.page = 1  # "ゲームブックは1ページ(一番下)が見えるようにして始めます"
        self.money = [r.start_money] * players
        self.bank = 0
        self.deck = self.rng["deal"].shuffled(range(cat.deck_size))
        self.discard: list[int] = []
        #: per deck card, the last reshuffle that put it into the deck (0 =
        #: the first deal): public knowledge the re-deal respects (``hidden.py``);
        #: a tuple, replaced at a reshuffle, so copies share it
        self.card_gen: tuple[int, ...] = (0,) * cat.deck_size
        self.reshuffles = 0
        self.hands: list[list[int]] = []
        for _ in range(players):
            self.hands.append(sorted(self.deck[-r.hand_size :]))
            del self.deck[-r.hand_size :]
        self.businesses: list[list[int]] = [[] for _ in range(players)]
        self.assets: list[list[int]] = [[] for _ in range(players)]
        self.luxuries: list[list[int]] = [[] for _ in range(players)]
        self.lux_pool = list(range(len(cat.luxuries)))
        #: per seat, what it acquired in order (see :meth:`acquisitions`):
        #: a deck card id (business opened, asset played) or ``-1 - luxury``
        self.acquired: list[list[int]] = [[] for _ in range(players)]
        self.lux_removed: list[int] = []
        self.book = bk.new_book(r.pages)
        self.sign_owner = [NOBODY] * len(cat.signs)
        self.alive = [True] * players
        self.out_order: list[int] = []
        self.winner = NOBODY
        # the turn
        self.turn = 0
        self.turns = 1
        #: the round in play (:meth:`round_number`): a round ends when the
        #: turn passes seat 0's place in the clockwise order
        self.round = 1
        self.phase = TURN
        self.actions_left = r.actions_per_turn
        self.luxury_open = True
        #: whether the turn player has rolled: selling is allowed "サイコロを振る前なら"
        self.rolled = False
        self.pending = NOBODY  # the card being played while its target is chosen
        self.decider = NOBODY  # who answers a sell window or an auction
        self.tasks: list[tuple[Any, ...]] = []
        self.window: list[int] = []  # seats yet to answer the sell window
        self.dice: list[int] = []
        self.page_die = 0
        # the luxury under the hammer
        self.auction_lots: list[int] = []
        self.auction_ring: list[int] = []
        self.auction_pos = 0
        self.auction_high = 0
        self.auction_leader = NOBODY
        self.auction_passes = 0
        self.log("filthy_rich.log.start", players=players)

    # -- protocol ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> PlayerId | None:
        phase = self.phase
        if phase in TURN_PHASES:
            return self.turn
        return None if phase == OVER else self.decider

    def decision(self) -> Decision | None:
        """The status bar's phrase (``rules/decision.py``)."""
        return decision.decision(self)

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _legal_candidates(self, action: Action) -> list[Action]:
        """Only the entry ``action`` can equal (``legal.candidates``): the
        checked apply no longer lists the whole hand a second time."""
        return legal.candidates(self, action)

    def _is_legal(self, action: Action) -> bool:
        """Asked about actions the menu does not list: any bid from the
        minimum up to the bidder's cash is legal, the menu lists a few (C14)."""
        return legal.bid_allowed(self, action)

    def explain_illegal(self, action: Any) -> IllegalAction:
        return explain.explain(self, action)

    def unavailable_moves(self) -> list[Unavailable]:
        """The moves the seat to decide looks for and may not make now, with why (rules/why_not.py)."""
        from gameshelf.games.filthy_rich.rules.why_not import unavailable_moves

        return unavailable_moves(self)

    def _apply(self, action: Action) -> None:
        apply(self, action)

    # -- copies -----------------------------------------------------------------------------
    def _copy(self) -> FilthyRichState:
        other = object.__new__(FilthyRichState)
        d = other.__dict__
        d.update(self.__dict__)
        for name in _LIST_FIELDS:
            d[name] = list(d[name])
        for name in _NESTED_FIELDS:
            d[name] = [list(x) for x in d[name]]
        return other

    def _redeal(self, player: PlayerId) -> None:
        """Re-deal the deck and the other seats' hands within each reshuffle's
        cards (``hidden.py``). The discard pile, the book and everything in
        front of players are public and stay."""
        hidden.redeal(self, player)

    def known_zones(self, player: PlayerId) -> dict[str, Any]:
        return hidden.known_zones(self, player)

    def zones(self, names: Sequence[str]) -> dict[str, Any]:
        return hidden.zones(self, names)

    # -- what a seat sees -------------------------------------------------------------------
    def observation(self, player: PlayerId | None) -> Observation:
        """The one redaction function: hands and the deck order are hidden;
        the book, money, cards in play and the discard pile are public."""
        from gameshelf.games.filthy_rich.redaction import observe

        return observe(self, player)

    def acquisitions(self) -> dict[int, list[str]]:
        """Per seat, the data-file key of every business it opened (sign
        placed), asset it played and luxury it bought or won at auction, in
        order, once per acquisition, whether or not it still holds it."""
        cat = self.cat
        lux = cat.luxuries
        return {
            p: [lux[-1 - x].key if x < 0 else cat.card_key(x) for x in got]
            for p, got in enumerate(self.acquired)
        }

    def _auction_view(self) -> dict[str, Any] | None:
        if self.phase != AUCTION:
            return None
        return {
            "luxury": self.auction_lots[0],
            "high": self.auction_high,
            # the lowest bid now: a bid may be any amount from it up to one's cash (C14)
            "minimum": legal.min_bid(self),
            "leader": None if self.auction_leader == NOBODY else self.auction_leader,
            "bidder": self.decider,
            "queue": list(self.auction_lots[1:]),
        }

    def round_number(self) -> int:
        """The round in play, from 1: one turn of every seat still in the
        game, starting with the start player (seat 0); a new round begins
        when the turn goes round the table past seat 0's place
        (rules/turn.py ``end_turn``), so it still counts after seat 0 is
        out. The rulebook names no rounds ("時計回りに進行します"); this is
        the table's lap, public, for the bots that judge a play-out where
        a round ends (:meth:`State.round_number`)."""
        return self.round

    # -- the end ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """1 for the winner, 0 for everyone else (the rulebook ranks no one else)."""
        return [1.0 if p == self.winner else 0.0 for p in range(self.players)]

    def tiebreak_key(self, player: PlayerId) -> tuple[Any, ...]:
        """Places behind the winner (designed, RULES.md C17): still in the
        game, then luxuries owned, then cash; bankrupt seats by how long
        they lasted."""
        lasted = self.out_order.index(player) if player in self.out_order else len(self.out_order)
        return (self.alive[player], len(self.luxuries[player]), self.money[player], lasted)

    def check_invariants(self) -> None:
        from gameshelf.games.filthy_rich.rules.invariants import check

        check(self)
