"""Filthy Rich's fixed-shape observation tensor (see ``gameshelf.core.tensor``).

Built from :meth:`FilthyRichState.observation` alone; the slot table is in
``docs/research/index.md``. Seats are listed from the viewer and padded to five.
Card, sign and luxury vocabularies come from the card catalogue. The book is
one row per pocket (4 pages x 9 pockets): which sign covers it and who owns
that sign. The log is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING, Any

from gameshelf.core.interfaces import Encoding
from gameshelf.core.tensor import TensorWriter, Vocab, relative_seat, seat_order, seat_picker
from gameshelf.games.filthy_rich.cards import catalog

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game
    from gameshelf.core.tensor import StateEncoder

PHASES = ("turn", "page", "place", "sell", "target", "torch", "auction", "over")
SEATS = 5
MONEY_CAP = 60
TURNS_CAP = 200
_BOOK_OWNER = "{} pockets (page by page): one-hot empty, unowned sign, or its owner relative to the viewer"
_BOOK_SIGN = "{} pockets: one-hot the sign covering it"


@cache
def _vocabs() -> dict[str, Vocab]:
    c = catalog()
    return {
        "phase": Vocab(PHASES),
        "page": Vocab(range(1, c.rules.pages + 1)),
        "cards": Vocab(range(len(c.card_kind))),
        "signs": Vocab(range(len(c.signs))),
        "luxuries": Vocab(range(len(c.luxuries))),
        "seat": Vocab(range(SEATS)),
        "players": Vocab(range(1, SEATS + 1)),
        "owner": Vocab(("empty", "unowned", *range(SEATS))),
    }


def write(obs: Mapping[str, Any], w: TensorWriter) -> None:
    """Lay one Filthy Rich observation out in ``w``."""
    v = _vocabs()
    rules = catalog().rules
    players: int = obs["players"]
    viewer = obs["viewer"]
    order = seat_order(viewer, players)

    def rel(seat: Any) -> int | None:
        return relative_seat(seat, viewer, players)

    pick = seat_picker(order)

    def per_seat(key: str) -> tuple[Any, ...]:
        return pick(obs[key])

    w.flag("spectator", viewer is None, "1 for a spectator (seats then in absolute order)")
    w.one_hot("seats", players, v["players"], "one-hot: the number of players, 1 to 5")
    w.one_hot("page", obs["page"], v["page"], "one-hot: the page the book is open at")
    w.one_hot("phase", obs["phase"], v["phase"])
    w.one_hot("turn", rel(obs["turn"]), v["seat"], "one-hot: whose turn it is, relative to the viewer")
    w.one_hot("current", rel(obs["current"]), v["seat"], "one-hot: who decides now, relative to the viewer")
    w.number("turns", obs["turns"], TURNS_CAP, meaning=f"turns played, 0 to {TURNS_CAP}")
    w.number("actions_left", obs["actions_left"], rules.actions_per_turn, meaning="card plays left this turn / the limit")
    w.flag("luxury_open", obs["luxury_open"], "1 if a luxury may be bought now")
    w.one_hot("pending", obs["pending"], v["cards"], "one-hot: the card being played (none = zeros)")
    # The book in one pass: both fields reserved, then each pocket sets its
    # owner's and its sign's slot (two lists and two passes cost twice that).
    owners: Sequence[int] = obs["sign_owner"]
    pockets = rules.pages * 9
    owner_v, sign_v = v["owner"], v["signs"]
    n_owner, n_sign = owner_v.size, sign_v.size
    owner_at = w.reserve("book.owner", pockets * n_owner, _BOOK_OWNER.format(pockets))
    sign_at = w.reserve("book.sign", pockets * n_sign, _BOOK_SIGN.format(pockets))
    buf, sign_of = w.buf, sign_v.index.get
    empty, unowned, seat0 = owner_v.index["empty"], owner_v.index["unowned"], owner_v.index[0]
    for at_owner, at_sign, sign in zip(
        range(owner_at, owner_at + pockets * n_owner, n_owner),
        range(sign_at, sign_at + pockets * n_sign, n_sign),
        chain.from_iterable(obs["book"]),
        strict=False,
    ):
        if sign < 0:
            buf[at_owner + empty] = 1.0
            continue
        i = sign_of(sign)
        if i is not None:
            buf[at_sign + i] = 1.0
        owner = owners[sign] if sign < len(owners) else -1
        if owner < 0:
            buf[at_owner + unowned] = 1.0
        else:
            r = rel(owner)
            if r is not None:
                buf[at_owner + seat0 + r] = 1.0
    w.numbers("money", per_seat("money"), SEATS, MONEY_CAP, meaning=f"per seat (viewer first): money, 0 to {MONEY_CAP}")
    w.numbers("alive", per_seat("alive"), SEATS, 1, meaning="per seat: 1 while still in the game")
    out = {seat: k + 1 for k, seat in enumerate(obs["out_order"])}
    w.numbers("out", [out.get(p, 0) for p in order], SEATS, SEATS, meaning="per seat: the order it went out / 5 (0 = still in)")
    w.numbers("hand_sizes", per_seat("hand_sizes"), SEATS, 10, meaning="per seat: cards in hand, 0 to 10")
    w.many_hots("luxuries", per_seat("luxuries"), SEATS, v["luxuries"], "per seat: the luxuries it holds")
    w.many_hots("businesses", per_seat("businesses"), SEATS, v["cards"], "per seat: its open business cards")
    w.many_hots("assets", per_seat("assets"), SEATS, v["cards"], "per seat: its asset cards in play")
    w.many_hot("hand", obs["hand"], v["cards"], "the viewer's hand (zeros for a spectator)")
    w.many_hot("discard", obs["discard"], v["cards"], "the discard pile")
    w.number("deck_size", obs["deck_size"], len(v["cards"]), meaning="cards left in the deck / the deck")
    w.many_hot("luxury_pool", obs["luxury_pool"], v["luxuries"], "luxuries still for sale")
    w.many_hot("luxuries_removed", obs["luxuries_removed"], v["luxuries"], "luxuries out of the game")
    w.numbers("dice", obs["dice"], 4, rules.business_die_sides, meaning=f"the last business dice rolled, face / {rules.business_die_sides}")
    w.number("page_die", obs["page_die"], rules.page_die_sides, meaning="the page die / its sides")
    auction = obs["auction"] or {}
    w.flag("auction", bool(auction), "1 during a luxury auction")
    w.one_hot("auction.luxury", auction.get("luxury"), v["luxuries"], "one-hot: the luxury on auction")
    w.number("auction.high", auction.get("high"), MONEY_CAP, meaning=f"the high bid, 0 to {MONEY_CAP}")
    w.one_hot("auction.leader", rel(auction.get("leader")), v["seat"], "one-hot: the high bidder, relative")
    w.one_hot("auction.bidder", rel(auction.get("bidder")), v["seat"], "one-hot: who bids now, relative")
    w.many_hot("auction.queue", [rel(s) for s in auction.get("queue", ())], v["seat"], "relative seats still to bid")
    w.one_hot("winner", rel(obs["winner"]), v["seat"], "one-hot: the winner once known, relative")


class FilthyRichEncoding(Encoding):
    """Filthy Rich's observation tensor (:func:`write`)."""

    def write(self, observation: Mapping[str, Any], w: TensorWriter) -> None:
        write(observation, w)

    def state_encoder(self, game: Game) -> StateEncoder:
        from gameshelf.games.filthy_rich.state_encoding import FilthyRichStateEncoder

        return FilthyRichStateEncoder(game)
