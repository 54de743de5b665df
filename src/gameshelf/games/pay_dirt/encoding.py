"""Pay Dirt's fixed-shape observation tensor (see ``gameshelf.core.tensor``).

Built from the redacted observation (``redaction.observe``) alone; the slot
table is in ``docs/research/index.md``. Seats are listed from the viewer and
padded to five; every camp is laid out the same way (three machines, three
claims, two gear slots). Ids come from the component data; a hardship kept
face down by another seat is only "kept". The log is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from gameshelf.core.interfaces import Encoding
from gameshelf.core.tensor import (
    Columns,
    TensorWriter,
    Vocab,
    relative_seat,
    scaled,
    seat_order,
    seat_picker,
)
from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, ROWS, components

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game
    from gameshelf.core.tensor import StateEncoder

PHASES = ("auction", "bidding", "acquire", "gear", "work", "draft", "over")
SEATS = 5
SPACES = 5
TILES = 6
MONEY_CAP = 40
GOLD_CAP = 60
_EMPTY: Mapping[str, Any] = {}


def gold_and_money(state: Any, seat: int) -> float:
    """The ``reward="gold+money"`` of a finished game: the seat's gold, plus
    its cash at $1,000 = 0.001 gold.

    Why: in most random 3-player games every seat ends with 0 gold, so a
    score reward gives random exploration no signal at all (docs/research/index.md,
    "Pay Dirt for learners"). Cash still differs between those seats. At
    0.001 gold per $1,000 the order is gold first, then cash, as long as a
    seat holds less than $1,000,000 (the most measured is $16,000), so the
    reward never prefers cash to a nugget of gold."""
    camp = state.camps[seat]
    return float(camp.gold) + float(camp.money) / 1000.0


#: reward kinds the research adapters offer for this game besides their own
#: ("score", "win"): name -> what the finished state pays a seat.
REWARDS = {"gold+money": gold_and_money}
_CAMP = Columns("money", "gold", "workers", "unused", "idle", "machines", "claims", "gear", "personnel", "ongoing")
_MONEY = f"per seat: money, 0 to {MONEY_CAP}"
_GOLD = f"per seat: gold, 0 to {GOLD_CAP}"
_WORKERS = tuple((key, f"camp.{key}", f"per seat: {key} workers, 0 to 10") for key in ("workers", "unused", "idle"))
_ROWS = tuple((name, f"auction.{name}", f"the {name} row, one-hot per slot") for name in ("equipment", "personnel", "claims"))
_SIXTH = 1.0 / 6  # the scale of wear and durability (0 to 6), as TensorWriter.numbers computes it


@cache
def _vocabs() -> dict[str, Vocab]:
    c = components()
    return {
        "phase": Vocab(PHASES),
        "seat": Vocab(range(SEATS)),
        "players": Vocab(range(1, SEATS + 1)),
        "row": Vocab(range(len(ROWS))),
        "slot": Vocab(range(c.rules.display_size)),
        "equipment": Vocab(range(len(c.equipment))),
        "personnel": Vocab(range(len(c.personnel))),
        "claims": Vocab(range(len(c.claims))),
        "gear": Vocab(range(len(c.gear))),
        "hardships": Vocab(range(len(c.hardships))),
        "kind": Vocab(KIND_CODES),
        "gold": Vocab(range(max(max(v) for v in c.tile_values) + 1)),
        "pending": Vocab(("equipment", "scrap-wear")),
    }


def write(obs: Mapping[str, Any], w: TensorWriter) -> None:
    """Lay one Pay Dirt observation out in ``w``."""
    v = _vocabs()
    c = components()
    players: int = obs["players"]
    viewer = obs["you"]
    order = seat_order(viewer, players)

    def rel(seat: Any) -> int | None:
        return relative_seat(seat, viewer, players)

    pick = seat_picker(order)

    def per_seat(values: Sequence[Any] | None) -> Sequence[Any]:
        return pick(values) if values else ()

    w.flag("spectator", viewer is None, "1 for a spectator (seats then in absolute order)")
    w.one_hot("seats", players, v["players"], "one-hot: the number of players")
    w.number("round", obs["round"], 12, meaning="the round, 0 to 12")
    w.number("temperature", obs["temperature"], 20, low=-5, meaning="the temperature, -5 to 20, scaled and clipped")
    w.flag("final_round", obs["final_round"])
    w.one_hot("phase", obs["phase"], v["phase"])
    w.one_hot("head", rel(obs["head"]), v["seat"], "one-hot: the start player, relative to the viewer")
    w.one_hot("current", rel(obs["current_player"]), v["seat"], "one-hot: who decides now, relative")
    _auction(obs["auction"], w, v, rel, per_seat)
    pending = obs["pending"] or {}
    w.one_hot("pending.kind", pending.get("kind"), v["pending"], "one-hot: the acquisition step under way")
    w.one_hot("pending.player", rel(pending.get("player")), v["seat"], "one-hot: whose acquisition, relative")
    w.one_hot("pending.item", pending.get("item"), v["equipment"], "one-hot: the equipment being placed")
    w.number("pending.left", pending.get("left"), 5, meaning="what the step has left, 0 to 5")
    gear = obs["gear"]
    w.one_hots("gear.display", [g if g >= 0 else None for g in gear["display"]], c.rules.gear_display, v["gear"], "the gear display, one-hot per slot")
    w.number("gear.deck_size", gear["deck_size"], len(v["gear"]), meaning="gear cards left / all gear")
    w.many_hot("gear.discard", gear["discard"], v["gear"], "the gear discard pile")
    labor = obs["labor"] or {}
    w.numbers("labor.buying", per_seat(labor.get("buying")), SEATS, 1, meaning="per seat: 1 while buying gear")
    w.numbers("labor.ended", per_seat(labor.get("ended")), SEATS, 1, meaning="per seat: 1 once its work is done")
    tiles = obs["tiles"]
    w.numbers("tiles.draw_sizes", tiles["draw_sizes"], len(KIND_CODES), 25, meaning="tiles left per kind (barren, promising, rich), 0 to 25")
    w.many_hots("tiles.revealed", tiles["revealed"], len(KIND_CODES), v["gold"], "per kind: revealed tiles of each gold value (/9)", high=9)
    _hardships(obs["hardships"], w, v, rel, per_seat)
    w.numbers("swept", [s + 1 for s in per_seat(obs["swept"])], SEATS, 4, meaning="per seat: the swept marker + 1, 0 to 4")
    _camps(per_seat(obs["camps"]), w, v)


def _auction(a: Mapping[str, Any], w: TensorWriter, v: dict[str, Vocab], rel: Any, per_seat: Any) -> None:
    c = components()
    size = c.rules.display_size
    display = a["display"]
    for r, (name, field, meaning) in enumerate(_ROWS):
        row = display[r] if r < len(display) else ()
        w.one_hots(field, [x if x >= 0 else None for x in row], size, v[name], meaning)
    w.numbers("auction.deck_sizes", a["deck_sizes"], len(_ROWS), 20, meaning="cards left per auction deck, 0 to 20")
    w.one_hot("auction.no_bid", a["no_bid"], v["row"], "one-hot: the row marked no-bid (none = zeros)")
    w.one_hot("auction.auctioneer", rel(a["auctioneer"]), v["seat"], "one-hot: the auctioneer, relative")
    w.number("auction.events_done", a["events_done"], 6, meaning="auctions held this round, 0 to 6")
    lot = a["lot"] or (None, None)
    w.one_hot("auction.lot.row", lot[0], v["row"], "one-hot: the lot's row")
    w.one_hot("auction.lot.slot", lot[1], v["slot"], "one-hot: the lot's slot")
    w.number("auction.high_bid", a["high_bid"], c.rules.bid_cap, meaning="the high bid / the bid cap")
    w.one_hot("auction.high_bidder", rel(a["high_bidder"]), v["seat"], "one-hot: the high bidder, relative")
    w.numbers("auction.active", per_seat(a["active"]), SEATS, 1, meaning="per seat: 1 while still bidding")
    w.numbers("auction.won", per_seat(a["won"]), SEATS, 1, meaning="per seat: 1 once it won a lot this round")


def _hardships(h: Mapping[str, Any], w: TensorWriter, v: dict[str, Vocab], rel: Any, per_seat: Any) -> None:
    w.number("hardships.deck_size", h["deck_size"], len(v["hardships"]), meaning="hardship cards left / all")
    w.many_hot("hardships.discard", h["discard"], v["hardships"], "the hardship discard pile")
    position = {rel(s): k + 1 for k, s in enumerate(h["draft_order"] or ())}
    w.numbers("hardships.draft_order", [position.get(k) for k in range(SEATS)], SEATS, SEATS, meaning="per relative seat: its place in the draft / 5 (0 = none)")
    w.one_hot("hardships.holder", rel(h["holder"]), v["seat"], "one-hot: who drafts now, relative")
    w.number("hardships.hand_size", h["hand_size"], 5, meaning="cards in the draft hand, 0 to 5")
    w.many_hot("hardships.hand", h["hand"], v["hardships"], "the draft hand, if the viewer holds it")
    kept = per_seat(h["kept"])
    w.numbers("hardships.kept", [k is not None for k in kept], SEATS, 1, meaning="per seat: 1 if it keeps a hardship card")
    w.many_hot("hardships.kept.own", [k for k in kept[:1] if isinstance(k, int)], v["hardships"], "the viewer's own kept hardship")


def _tile_row(buf: Any, base: int, places: int, n_kind: int, on: Sequence[Any],
              kind_at: Any) -> None:
    """One-hot the kind of each tile in a row of ``places`` (a machine's
    spaces, a claim's tiles), ``n_kind`` slots per place from ``base``."""
    for at, kind in zip(range(base, base + places * n_kind, n_kind), on, strict=False):
        i = kind_at(kind)
        if i is not None:
            buf[at + i] = 1.0


def _camps(camps: Sequence[Mapping[str, Any]], w: TensorWriter, v: dict[str, Vocab]) -> None:
    camps = camps[:SEATS]
    each = _CAMP.of(camps)
    w.numbers("camp.money", each["money"], SEATS, MONEY_CAP, meaning=_MONEY)
    w.numbers("camp.gold", each["gold"], SEATS, GOLD_CAP, meaning=_GOLD)
    for key, field, meaning in _WORKERS:
        w.numbers(field, each[key], SEATS, 10, meaning=meaning)
    # The hottest part of the encoder: the fields of every machine, claim and
    # gear slot are reserved first, then one pass over each camp fills them
    # all (a pass per field walked the same dicts once per field).
    buf = w.buf
    equipment, kinds = v["equipment"], v["kind"]
    n_eq, n_kind = equipment.size, kinds.size
    eq_at, kind_at = equipment.index.get, kinds.index.get
    slots = SEATS * len(MACHINES)
    what = "per seat, per machine (excavator, loader, wash plant)"
    eq = w.reserve("camp.machine.equipment", slots * n_eq, f"{what}: one-hot its equipment")
    sp = w.reserve("camp.machine.spaces", slots * SPACES * n_kind, f"{what}, per space (up to {SPACES}): one-hot the tile kind on it")
    wear = w.reserve("camp.machine.wear", slots, f"{what}: wear, 0 to 6")
    dur = w.reserve("camp.machine.durability", slots, f"{what}: durability, 0 to 6")
    busy = w.reserve("camp.machine.busy", slots, f"{what}: 1 if busy")
    rep = w.reserve("camp.machine.repaired", slots, f"{what}: 1 if repaired")
    k = 0
    for rows in each["machines"]:
        for m in range(len(MACHINES)):
            get = (rows[m] if m < len(rows) else _EMPTY).get
            i = eq_at(get("equipment"))
            if i is not None:
                buf[eq + k * n_eq + i] = 1.0
            on = get("spaces")
            if on:
                _tile_row(buf, sp + k * SPACES * n_kind, SPACES, n_kind, on, kind_at)
            x = get("wear")
            if x:  # 0, None and False write nothing
                buf[wear + k] = scaled(x, _SIXTH)
            x = get("durability")
            if x:  # 0, None and False write nothing
                buf[dur + k] = scaled(x, _SIXTH)
            x = get("busy")
            if x:  # 0, None and False write nothing
                buf[busy + k] = scaled(x, 1.0)
            x = get("repaired")
            if x:  # 0, None and False write nothing
                buf[rep + k] = scaled(x, 1.0)
            k += 1
    max_claims = components().rules.max_claims
    claims = v["claims"]
    n_claims, claim_at = claims.size, claims.index.get
    slots = SEATS * max_claims
    ids = w.reserve("camp.claim.id", slots * n_claims, f"per seat, per claim (up to {max_claims}): one-hot the claim")
    tiles = w.reserve("camp.claim.tiles", slots * TILES * n_kind, f"per seat, per claim, per tile (up to {TILES}): one-hot its kind")
    ordered = w.reserve("camp.claim.ordered", slots, "per seat, per claim: 1 if its tiles are worked in order")
    k = 0
    for held in each["claims"]:
        for c in range(max_claims):
            get = (held[c] if c < len(held) else _EMPTY).get
            i = claim_at(get("claim"))
            if i is not None:
                buf[ids + k * n_claims + i] = 1.0
            on = get("tiles")
            if on:
                _tile_row(buf, tiles + k * TILES * n_kind, TILES, n_kind, on, kind_at)
            x = get("ordered")
            if x:  # 0, None and False write nothing
                buf[ordered + k] = scaled(x, 1.0)
            k += 1
    gear = v["gear"]
    n_gear, gear_at = gear.size, gear.index.get
    slots = SEATS * 2
    gid = w.reserve("camp.gear.id", slots * n_gear, "per seat, per gear slot (claim, camp): one-hot the gear")
    gwear = w.reserve("camp.gear.wear", slots, "per seat, per gear slot: wear, 0 to 6")
    gdur = w.reserve("camp.gear.durability", slots, "per seat, per gear slot: durability, 0 to 6")
    used = w.reserve("camp.gear.used", slots, "per seat, per gear slot: 1 if used")
    grep = w.reserve("camp.gear.repaired", slots, "per seat, per gear slot: 1 if repaired")
    k = 0
    for held in each["gear"]:
        for g in range(2):
            get = ((held[g] if g < len(held) else None) or _EMPTY).get
            i = gear_at(get("gear"))
            if i is not None:
                buf[gid + k * n_gear + i] = 1.0
            x = get("wear")
            if x:  # 0, None and False write nothing
                buf[gwear + k] = scaled(x, _SIXTH)
            x = get("durability")
            if x:  # 0, None and False write nothing
                buf[gdur + k] = scaled(x, _SIXTH)
            x = get("used")
            if x:  # 0, None and False write nothing
                buf[used + k] = scaled(x, 1.0)
            x = get("repaired")
            if x:  # 0, None and False write nothing
                buf[grep + k] = scaled(x, 1.0)
            k += 1
    w.many_hots("camp.personnel", each["personnel"], SEATS, v["personnel"], "per seat: its personnel")
    w.many_hots("camp.ongoing", each["ongoing"], SEATS, v["hardships"], "per seat: its ongoing hardships")


class PayDirtEncoding(Encoding):
    """Pay Dirt's observation tensor (:func:`write`)."""

    def write(self, observation: Mapping[str, Any], w: TensorWriter) -> None:
        write(observation, w)

    def state_encoder(self, game: Game) -> StateEncoder:
        from gameshelf.games.pay_dirt.state_encoding import PayDirtStateEncoder

        return PayDirtStateEncoder(game)

    def rewards(self) -> Mapping[str, Callable[[Any, int], float]]:
        return REWARDS
