"""The state of one Filthy Rich game as a pytree of fixed-shape arrays.

Field names follow the engine's ``FilthyRichState`` where it has the same
thing (``money``, ``book``, ``sign_owner``, ``turn``, ``phase``...); lists
that the rules only ever read as sets become bool masks over the deck's 44
cards (hands, the discard pile), and "who holds what" becomes one seat per
card or luxury (``in_play``, ``lux_owner``). The number of players is the
length of ``money``: a state's shapes, and so a compiled ``step``, are per
player count, as ``make("filthy-rich", num_players=n)`` is.

The engine's task queue (``rules/flow.py``: sell windows, taxes, auctions,
the page die, the end of the turn) is held as what it can contain: the
luxuries waiting for an auction (``lux_owner == LOT``, in the order their
owners went out), the taxes still to pay for this roll (``taxes_left``),
whether the page die and the end of the turn are still to come
(``rolled``), and ``auto``, the automatic step that follows a decision
inside a sell window or an auction.

Why the random future sits in the state (``deal_*``): the engine draws the
business dice, the page die and each reshuffle from streams of their own
that no choice can shift, so a game's randomness is a fixed sequence per
stream, held here with a position in it. ``step`` is then deterministic, a
test can hand JAX exactly the engine's draws, and ``resample`` can redraw
what is still to come. ``observe`` never reads the deal or the deck order.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp

#: ``lux_owner`` values besides a seat
POOL, REMOVED, LOT = -1, -2, -3
#: ``auto``: the automatic step a decision leaves to the loop (``_flow``)
AUTO_NONE, AUTO_NEXT_BIDDER, AUTO_OPEN_LOT, AUTO_PAY_TAX = range(4)
#: the deal's lengths: business dice, page-die rolls, reshuffles held (a
#: longer game wraps round to the start of each, see ``_deal``)
N_DICE, N_ROLLS, N_RESHUFFLES = 2048, 512, 32


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State:
    """One game (or, under ``vmap``, a batch: every leaf gains a leading axis)."""

    # -- what pgx names ----------------------------------------------------------------
    current_player: jax.Array        # the seat to decide (the last one once over)
    rewards: jax.Array               # float32[players]: 1 to the winner at the winning step
    terminated: jax.Array
    truncated: jax.Array             # never set
    legal_action_mask: jax.Array     # bool[N_ACTIONS]
    _step_count: jax.Array
    # -- the table (the engine's fields) ---------------------------------------------
    page: jax.Array                  # 1..4
    money: jax.Array                 # int[players]
    hand: jax.Array                  # bool[players, cards]
    deck: jax.Array                  # int[cards]: the draw pile bottom to top, deck[:deck_n]
    deck_n: jax.Array
    discard: jax.Array               # bool[cards]
    in_play: jax.Array               # int[cards]: the seat a business or asset is in front of, -1
    lux_owner: jax.Array             # int[luxuries]: a seat, POOL, REMOVED or LOT
    lux_lot: jax.Array               # int[luxuries]: the bankrupt seat whose auction holds a LOT
    book: jax.Array                  # int[pages, 9]: the sign in each pocket, -1 empty
    sign_owner: jax.Array            # int[signs]
    out_rank: jax.Array              # int[players]: 0 still in, k the k-th to go out
    n_out: jax.Array
    card_gen: jax.Array              # int[cards]: the last reshuffle that put it in the deck
    reshuffles: jax.Array
    winner: jax.Array
    # -- the turn -----------------------------------------------------------------------
    turn: jax.Array
    turns: jax.Array
    round: jax.Array
    phase: jax.Array                 # index in encoding.PHASES
    actions_left: jax.Array
    luxury_open: jax.Array
    rolled: jax.Array
    pending: jax.Array
    decider: jax.Array
    dice: jax.Array                  # int[4]: the last roll, 0-padded
    page_die: jax.Array
    # -- the queue (see the module docstring) ---------------------------------------------
    taxes_left: jax.Array
    window_k: jax.Array              # the sell window's seat, counted from the turn player
    auto: jax.Array
    auction_bankrupt: jax.Array      # whose luxuries are under the hammer, -1 none
    auction_pos: jax.Array           # the seat asked last
    auction_high: jax.Array
    auction_leader: jax.Array
    auction_passes: jax.Array
    # -- the deal (hidden) ----------------------------------------------------------------
    deal_dice: jax.Array             # int[N_DICE]: business dice faces 0..9, in draw order
    dice_pos: jax.Array
    deal_page: jax.Array             # int[N_ROLLS]: page-die faces 1..6
    page_pos: jax.Array
    deal_shuffle: jax.Array          # int[N_RESHUFFLES, cards]: each reshuffle's rank per card

    def replace(self, **changes: jax.Array) -> State:
        """A copy with ``changes`` (pgx's and flax.struct's ``State.replace``)."""
        return dataclasses.replace(self, **changes)

    @property
    def observation(self) -> jax.Array:
        """float32[..., OBS_SIZE]: the current player's tensor, for one game or a batch."""
        from gameshelf.rl.jax.filthy_rich._observe import observe

        fn = observe
        for _ in range(jnp.ndim(self.page)):
            fn = jax.vmap(fn)
        return fn(self)

    @property
    def env_id(self) -> str:
        return "filthy-rich"

    @property
    def players(self) -> int:
        """The number of seats (static: the length of ``money``)."""
        return int(self.money.shape[-1])
