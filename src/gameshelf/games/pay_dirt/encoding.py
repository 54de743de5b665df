"""Pay Dirt's fixed-shape observation tensor (see ``gameshelf.core.tensor``).

Built from the redacted observation (``redaction.observe``) alone; the slot
table is in ``docs/research.md``. Seats are listed from the viewer and
padded to five; every camp is laid out the same way (three machines, three
claims, two gear slots). Ids come from the component data; a hardship kept
face down by another seat is only "kept". The log is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from gameshelf.core.tensor import TensorWriter, Vocab, relative_seat, seat_order
from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, ROWS, components

PHASES = ("auction", "bidding", "acquire", "gear", "work", "draft", "over")
SEATS = 5
SPACES = 5
TILES = 6
MONEY_CAP = 40
GOLD_CAP = 60
_EMPTY: Mapping[str, Any] = {}
_PAD = (None,) * max(SPACES, TILES)  # pads a machine's spaces or a claim's tiles


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

    def per_seat(values: Sequence[Any] | None) -> list[Any]:
        return [values[p] for p in order] if values else []

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
    rows = ("equipment", "personnel", "claims")
    for r, row in enumerate(a["display"][: len(rows)]):
        name = rows[r]
        w.one_hots(f"auction.{name}", [x if x >= 0 else None for x in row], size, v[name], f"the {name} row, one-hot per slot")
    for name in rows[len(a["display"]):]:
        w.one_hots(f"auction.{name}", [], size, v[name], f"the {name} row, one-hot per slot")
    w.numbers("auction.deck_sizes", a["deck_sizes"], len(rows), 20, meaning="cards left per auction deck, 0 to 20")
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


def _camps(camps: list[Mapping[str, Any]], w: TensorWriter, v: dict[str, Vocab]) -> None:
    def each(key: str) -> list[Any]:
        return [camp[key] for camp in camps]

    w.numbers("camp.money", each("money"), SEATS, MONEY_CAP, meaning=f"per seat: money, 0 to {MONEY_CAP}")
    w.numbers("camp.gold", each("gold"), SEATS, GOLD_CAP, meaning=f"per seat: gold, 0 to {GOLD_CAP}")
    for key in ("workers", "unused", "idle"):
        w.numbers(f"camp.{key}", each(key), SEATS, 10, meaning=f"per seat: {key} workers, 0 to 10")
    # One pass per machine, claim and gear slot gathers every column (the
    # hottest part of the encoder: one comprehension per column cost more).
    cols: dict[str, list[Any]] = {key: [] for key in ("equipment", "wear", "durability", "busy", "repaired")}
    spaces: list[Any] = []
    for camp in camps:
        rows = camp["machines"]
        for m in range(len(MACHINES)):
            get = (rows[m] if m < len(rows) else _EMPTY).get
            for key, col in cols.items():
                col.append(get(key))
            on = get("spaces") or ()
            spaces += on[:SPACES]
            spaces += _PAD[len(on):SPACES]
    slots = SEATS * len(MACHINES)
    what = "per seat, per machine (excavator, loader, wash plant)"
    w.one_hots("camp.machine.equipment", cols["equipment"], slots, v["equipment"], f"{what}: one-hot its equipment")
    w.one_hots("camp.machine.spaces", spaces, slots * SPACES, v["kind"], f"{what}, per space (up to {SPACES}): one-hot the tile kind on it")
    for key in ("wear", "durability"):
        w.numbers(f"camp.machine.{key}", cols[key], slots, 6, meaning=f"{what}: {key}, 0 to 6")
    for key in ("busy", "repaired"):
        w.numbers(f"camp.machine.{key}", cols[key], slots, 1, meaning=f"{what}: 1 if {key}")
    max_claims = components().rules.max_claims
    ids: list[Any] = []
    ordered: list[Any] = []
    tiles: list[Any] = []
    for camp in camps:
        held = camp["claims"]
        for k in range(max_claims):
            get = (held[k] if k < len(held) else _EMPTY).get
            ids.append(get("claim"))
            ordered.append(get("ordered"))
            on = get("tiles") or ()
            tiles += on[:TILES]
            tiles += _PAD[len(on):TILES]
    slots = SEATS * max_claims
    w.one_hots("camp.claim.id", ids, slots, v["claims"], f"per seat, per claim (up to {max_claims}): one-hot the claim")
    w.one_hots("camp.claim.tiles", tiles, slots * TILES, v["kind"], f"per seat, per claim, per tile (up to {TILES}): one-hot its kind")
    w.numbers("camp.claim.ordered", ordered, slots, 1, meaning="per seat, per claim: 1 if its tiles are worked in order")
    gear: dict[str, list[Any]] = {key: [] for key in ("gear", "wear", "durability", "used", "repaired")}
    for camp in camps:
        held = camp["gear"]
        for g in range(2):
            get = ((held[g] if g < len(held) else None) or _EMPTY).get
            for key, col in gear.items():
                col.append(get(key))
    slots = SEATS * 2
    w.one_hots("camp.gear.id", gear["gear"], slots, v["gear"], "per seat, per gear slot (claim, camp): one-hot the gear")
    for key in ("wear", "durability"):
        w.numbers(f"camp.gear.{key}", gear[key], slots, 6, meaning=f"per seat, per gear slot: {key}, 0 to 6")
    for key in ("used", "repaired"):
        w.numbers(f"camp.gear.{key}", gear[key], slots, 1, meaning=f"per seat, per gear slot: 1 if {key}")
    w.many_hots("camp.personnel", each("personnel"), SEATS, v["personnel"], "per seat: its personnel")
    w.many_hots("camp.ongoing", each("ongoing"), SEATS, v["hardships"], "per seat: its ongoing hardships")
