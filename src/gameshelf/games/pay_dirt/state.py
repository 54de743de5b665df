"""The Pay Dirt game state: data, copies, redaction and invariants.

The rules that change the state live in ``rules/`` (one module per phase);
this module holds what a position *is*. Everything is small ints in lists so
that ``_copy`` is a handful of list copies (search bots clone a lot).

Phases (``self.phase``) and who decides in each::

    auction  the auctioneer nominates a lot or passes
    bidding  the next bidder clockwise raises or passes (hard pass)
    acquire  the lot's winner: discard a 4th claim / install or scrap / remove wear
    gear     placing at the Gear Supplier in turn, then its laps, Head
             Miner first, one purchase per lap
    work     each player in turn places workers / uses gear until end-labor
    draft    the poorest remaining player keeps one hardship from the hand
    over     nobody
    *-done   a phase's end mark, never seen outside a move: ``rules/flow.py``
             starts what follows it
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Decision, Game, Observation, PlayerId, State, Unavailable
from gameshelf.games.pay_dirt.board import Camp
from gameshelf.games.pay_dirt.components import Components, components
from gameshelf.games.pay_dirt.rules import apply, decision, explain, legal, setup

AUCTION, BIDDING, ACQUIRE, GEAR, WORK, DRAFT, OVER = (
    "auction", "bidding", "acquire", "gear", "work", "draft", "over",
)
#: pending acquisition decisions
DISCARD_CLAIM, EQUIPMENT, SCRAP_WEAR = "discard-claim", "equipment", "scrap-wear"


class PayDirtState(State):
    """One game of Pay Dirt in progress."""

    transient: ClassVar[frozenset[str]] = frozenset({"comp", "menu"})
    #: the menu :meth:`legal_actions` last listed, until a move (``rules/apply.py``)
    #: or a re-deal changes the position; ``None``: not listed since. Why: a
    #: checked move looks itself up in it instead of listing the menu again.
    menu: tuple[Action, ...] | None = None

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.comp: Components = components()
        setup.set_up(self)

    # The attributes set_up() creates, listed for readers and type checkers.
    camps: list[Camp]
    phase: str
    round: int
    temperature: int
    final_round: bool
    head: int
    decks: list[list[int]]
    display: list[list[int]]
    box: list[list[int]]
    no_bid: int
    auctioneer: int
    events_done: int
    won: list[bool]
    lot: tuple[int, int]
    high_bid: int
    high_bidder: int
    active: list[bool]
    bidder: int
    pending: str
    pending_player: int
    pending_item: int
    pending_left: int
    gear_deck: list[int]
    gear_display: list[int]
    gear_discard: list[int]
    #: the Gear Supplier's step ("place" or "buy", see ``rules/labor.py``)
    gear_step: str
    #: per seat: whether it has placed at the Gear Supplier this round, and
    #: how many of its workers still stand there to buy
    placed: list[bool]
    gear_workers: list[int]
    turn: int
    ended: list[bool]
    hardship_deck: list[int]
    hardship_discard: list[int]
    draft_order: list[int]
    draft_pos: int
    draft_hand: list[int]
    kept: list[int]
    tile_gold: list[int]
    tile_draw: list[list[int]]
    tile_discard: list[list[int]]
    #: per tile, the pile rebuild that last put it face down (0: never turned
    #: over); public bookkeeping that keeps re-deals honest (``hidden.py``)
    tile_pool: list[int]
    #: per kind, how many times its draw pile was rebuilt from the discards
    tile_rebuilds: list[int]
    #: per seat, the hardship cards it passed on in this draft (it saw them)
    passed: list[list[int]]
    swept: list[int]
    #: per seat, the data ids of every lot won at auction and gear bought,
    #: in order (see :meth:`acquisitions`)
    acquired: list[list[str]]

    # -- who decides ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> PlayerId | None:
        phase = self.phase
        if phase in (WORK, GEAR):  # the most frequent phases first
            return self.turn
        if phase == AUCTION:
            return self.auctioneer
        if phase == BIDDING:
            return self.bidder
        if phase == ACQUIRE:
            return self.pending_player
        if phase == DRAFT:
            return self.draft_order[self.draft_pos]
        return None

    def decision(self) -> Decision | None:
        """The status bar's phrase (``rules/decision.py``)."""
        return decision.decision(self)

    # The rules' own entry points serve as the methods (one call fewer on
    # every move: ``self`` is the state they take). ``legal_actions`` needs
    # no check for the end: the finished game's phase has no menu.
    legal_actions = legal.legal_actions
    _legal_actions = legal.legal_actions
    apply_unchecked = apply.apply_unchecked
    _apply = apply.apply
    _legal_candidates = legal.legal_candidates

    def own_action(self, action: Action) -> Action:
        """The core's check, short-cut for the usual caller: one who plays an
        object from this position's own :meth:`legal_actions`. That very
        object is one the rules built (``actions.listed``), exactly typed and
        legal now, so neither the codec's field check nor a second listing
        can refuse it; anything else, an equal copy included, gets the
        core's full check and the same errors."""
        menu = self.menu
        if menu is not None:
            for own in menu:
                if own is action:
                    return own
        return super().own_action(action)

    def _is_legal(self, action: Action) -> bool:
        return legal.is_legal(self, action)

    def explain_illegal(self, action: Any) -> IllegalAction:
        return explain.explain_illegal(self, action)

    def unavailable_moves(self) -> list[Unavailable]:
        """The moves the seat to decide looks for and may not make now, with why (rules/why_not.py)."""
        from gameshelf.games.pay_dirt.rules.why_not import unavailable_moves

        return unavailable_moves(self)

    # -- copies --------------------------------------------------------------------
    def _copy(self) -> PayDirtState:
        other = object.__new__(PayDirtState)
        other.__dict__.update(self.__dict__)
        other.camps = [c.copy() for c in self.camps]
        other.decks = [list(d) for d in self.decks]
        other.display = [list(d) for d in self.display]
        other.box = [list(b) for b in self.box]
        other.won = list(self.won)
        other.active = list(self.active)
        other.gear_deck = list(self.gear_deck)
        other.gear_display = list(self.gear_display)
        other.gear_discard = list(self.gear_discard)
        other.placed = list(self.placed)
        other.gear_workers = list(self.gear_workers)
        other.ended = list(self.ended)
        other.hardship_deck = list(self.hardship_deck)
        other.hardship_discard = list(self.hardship_discard)
        other.draft_order = list(self.draft_order)
        other.draft_hand = list(self.draft_hand)
        other.kept = list(self.kept)
        other.tile_gold = list(self.tile_gold)
        other.tile_draw = [list(d) for d in self.tile_draw]
        other.tile_discard = [list(d) for d in self.tile_discard]
        other.tile_pool = list(self.tile_pool)
        other.tile_rebuilds = list(self.tile_rebuilds)
        other.passed = [list(p) for p in self.passed]
        other.swept = list(self.swept)
        other.acquired = [list(a) for a in self.acquired]
        return other

    # -- hidden information -----------------------------------------------------------
    def _redeal(self, player: PlayerId) -> None:
        """Re-sample what ``player`` cannot see and keep what it knows: deck
        orders, face-down gold within each pool, drafted hardships (see
        ``hidden.py``)."""
        from gameshelf.games.pay_dirt.hidden import redeal

        self.menu = None  # the re-dealt draft hand lists other cards
        redeal(self, player, self.rng["redeal"])

    def known_zones(self, player: PlayerId) -> dict[str, Any]:
        from gameshelf.games.pay_dirt.hidden import known_zones

        return known_zones(self, player)

    def zones(self, names: Sequence[str]) -> dict[str, Any]:
        from gameshelf.games.pay_dirt.hidden import zones

        return zones(self, list(names))

    def observation(self, player: PlayerId | None) -> Observation:
        from gameshelf.games.pay_dirt.redaction import observe

        return observe(self, player)

    # -- what each seat acquired ------------------------------------------------------------
    def acquisitions(self) -> dict[int, list[str]]:
        """Per seat, the data ids of the equipment, personnel and claims it won
        at auction and the gear it bought, in acquisition order, whether or not
        it still holds them. The greenhorn claim (dealt at setup) and
        hardships are not acquisitions (RULES.md)."""
        return {p: list(items) for p, items in enumerate(self.acquired)}

    # -- the end ------------------------------------------------------------------------
    def round_number(self) -> int:
        """The round in play (public; income ends a round, rules/income.py)."""
        return self.round

    def scores(self) -> list[float]:
        return [float(c.gold) for c in self.camps]

    def tiebreak_key(self, player: PlayerId) -> tuple[Any, ...]:
        """"同数の場合は、スタートプレイヤーから時計回りで最も遠いプレイヤーが勝者"
        (ties: the player furthest clockwise from the start player wins)."""
        return ((player - self.head) % self.players,)

    def check_invariants(self) -> None:
        from gameshelf.games.pay_dirt.rules.invariants import check

        check(self)
