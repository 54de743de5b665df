"""Pay Dirt in words: names of claims and personnel, what a move will do as
its mover reads it now, the auction's bid line, and typed opening bids.

Why apart from the terminal drawing: the browser (through the server), the
web export and the terminal all read these texts, so this module imports no
terminal library and reads only an observation.
"""

from __future__ import annotations

import re
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.core.interfaces import Texts
from gameshelf.core.protocol import Observation
from gameshelf.games.pay_dirt.components import (
    GEAR_SLOTS,
    KIND_CODES,
    MACHINES,
    ROWS,
    Components,
    components,
    dollars,
)
from gameshelf.games.pay_dirt.describe import money
from gameshelf.games.pay_dirt.names import (
    claim_key,
    lot_name,
    model_name,
    person_key,
)


def view_text(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.view.{key}", lang, **params)


def claim_name(comp: Components, claim: int, lang: str | None) -> str:
    """A claim's name in ``lang`` (the Greenhorn Claim included)."""
    return t(claim_key(comp, claim), lang)


def person_name(comp: Components, card: int, lang: str | None) -> str:
    """A personnel card's name in ``lang``."""
    return t(person_key(comp, card), lang)


def compact_text(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.compact.{key}", lang, **params)


def bid_line(obs: dict[str, Any], comp: Components, lang: str | None) -> str:
    """The lot under the hammer in words (on the grid it is only reversed),
    its high bid and who holds it: "Claims #2 Sulphur Flats: high bid …"."""
    a = obs["auction"]
    row, slot = a["lot"][0], a["lot"][1]
    item = a["display"][row][slot]
    name = lot_name(comp, row, item, lang) if item is not None and item >= 0 else "?"
    lot = compact_text("lot", lang, row=t(f"pay_dirt.row.{ROWS[row]}", lang), slot=slot + 1, name=name)
    return view_text("bid-line", lang, lot=lot, amount=dollars(a["high_bid"]), player=a["high_bidder"] + 1)


def lot_lines(comp: Components, row: int, item: int, lang: str | None) -> list[tuple[str, ...]]:
    """A lot in short lines, what matters first; each line as its wordings,
    the longest first, for a screen to show the longest that fits (the
    whole card is behind d). Equipment: the price and the machine it
    replaces, then its spaces and tools (and the model). Personnel: the
    price and the workers it adds (and the name), then the ability. A
    claim: the price and the tiles (and the claim's name), on one line."""
    if row == 0:
        e = comp.equipment[item]
        first = f"{money(e.min_bid)}+ {t('pay_dirt.machine.' + MACHINES[e.machine], lang)}{'!' if e.fragile else ''}"
        second = compact_text("spaces-tools", lang, spaces=e.spaces, tools=e.tools)
        return [(first,), (second + " " + model_name(comp, item, lang), second)]
    if row == 1:
        person = comp.personnel[item]
        price, name = f"{money(person.min_bid)}+", person_name(comp, item, lang)
        heads: tuple[str, ...] = (f"{price} {name}",)
        if person.workers:
            heads = (f"{price} +{person.workers} {name}", f"{price} {compact_text('workers-plus', lang, n=person.workers)}")
        return [heads, (ability_text(comp, item, lang),)]
    claim = comp.claims[item]
    tiles = f"{money(claim.min_bid)}+ [{''.join(KIND_CODES[k] for k in claim.tiles)}]{' *' if claim.ordered else ''}"
    return [(tiles + " " + claim_name(comp, item, lang), tiles)]


def gear_workers(obs: dict[str, Any], seat: int) -> int:
    """How many workers ``seat`` has standing at the Gear Supplier (0 outside the labour phase)."""
    labor = obs.get("labor") or {}
    workers = labor.get("gear_workers") or []
    return int(workers[seat]) if seat < len(workers) else 0


def ability_text(comp: Components, card: int, lang: str | None) -> str:
    c = comp.personnel[card]
    tags = "/".join(t(f"pay_dirt.tag.{tag}", lang) for tag in c.tags)
    kind = t(f"pay_dirt.kind.{('barren', 'promising', 'rich')[c.kind]}", lang) if c.kind >= 0 else ""
    return t(f"pay_dirt.ability.{c.ability}", lang, amount=c.amount, dollars=dollars(c.amount), tags=tags, kind=kind)


def gear_text(comp: Components, gear: int, lang: str | None) -> str:
    g = comp.gear[gear]
    machines = "/".join(t(f"pay_dirt.machine.{MACHINES[m]}", lang) for m in g.machines)
    effect = t(f"pay_dirt.gear-effect.{g.effect}", lang, amount=g.amount, machines=machines)
    return f"{t('pay_dirt.gear.' + g.id, lang)} ({t('pay_dirt.slot.' + GEAR_SLOTS[g.slot], lang)}): {effect}"


def describe_move(obs: dict[str, Any], action: Any, lang: str | None = None) -> str:
    """A move as its player reads it now: an auctioneer's nomination names
    the lot as the board numbers it and its opening bid in dollars (never
    "minimum + $0,000"), a bid its dollars. Other moves keep the game's own
    sentence."""
    from gameshelf.games.pay_dirt.actions import (
        BY,
        Bid,
        BuyGear,
        DiscardClaim,
        Install,
        Nominate,
        PlaceGear,
        Scrap,
        Sell,
    )

    comp = components()
    if isinstance(action, Nominate):
        item = obs["auction"]["display"][action.row][action.slot]
        if item is not None and item >= 0:  # named as the board numbers it: "Claims #2"
            minimum = (comp.equipment, comp.personnel, comp.claims)[action.row][item].min_bid
            return compact_text("move.nominate", lang, row=t(f"pay_dirt.row.{ROWS[action.row]}", lang),
                      slot=action.slot + 1, amount=money(minimum + action.over))
    if isinstance(action, Bid):
        return compact_text("move.bid", lang, amount=money(action.amount))
    if isinstance(action, PlaceGear) and isinstance(obs.get("you"), int):
        left = obs["camps"][obs["you"]]["unused"] - action.workers
        return compact_text("move.place-gear", lang, workers=action.workers, left=left)
    pending = obs.get("pending") or {}
    if isinstance(action, DiscardClaim) and pending.get("kind") == "discard-claim" and obs.get("you") == pending.get("player"):
        claims = obs["camps"][pending["player"]]["claims"]
        if 0 <= action.slot < len(claims):
            claim = claims[action.slot]
            return compact_text("move.discard", lang, slot=action.slot + 1, name=claim_name(comp, claim["claim"], lang),
                      tiles="".join(c or "" for c in claim["tiles"]))
    if isinstance(action, Install | Scrap) and pending.get("kind") == "equipment" and obs.get("you") == pending.get("player"):
        item = pending["item"]
        e = comp.equipment[item]
        camp = obs["camps"][pending["player"]]
        # in words: the "!" of the board is explained only by the terminal's legend
        lot = model_name(comp, item, lang) + (f" ({compact_text('fragile', lang)})" if e.fragile else "")
        if isinstance(action, Install):
            return compact_text("move.install", lang, lot=lot, machine=t(f"pay_dirt.machine.{MACHINES[e.machine]}", lang),
                      spaces=e.spaces, tools=e.tools, wear=camp["machines"][e.machine]["wear"])
        wear = sum(m["wear"] for m in camp["machines"]) + sum(g["wear"] for g in camp["gear"] if g)
        return compact_text("move.scrap", lang, lot=lot, tools=e.tools, wear=wear)
    if isinstance(action, Sell) and isinstance(obs.get("you"), int):
        camp = obs["camps"][obs["you"]]
        price = comp.rules.sell_price  # as the rules price it: crew bonuses, ongoing penalties
        price += sum(comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "sell_bonus")
        price -= sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "sell_penalty")
        return compact_text("move.sell", lang, gold=action.gold, money=money(action.gold * max(0, price)),
                  by=t(f"pay_dirt.by.{BY[action.by]}", lang))
    if isinstance(action, BuyGear) and isinstance(obs.get("you"), int):
        gear = obs["gear"]["display"][action.slot]
        if gear is not None and gear >= 0:
            camp = obs["camps"][obs["you"]]
            price = comp.gear[gear].price  # as the rules price it: crew discounts, ongoing markups
            price -= sum(comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "gear_discount")
            price += sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "gear_penalty")
            return compact_text("buy.buy-gear", lang, slot=action.slot + 1, gear=t("pay_dirt.gear." + comp.gear[gear].id, lang),
                      price=money(max(0, price)))
    return _labor_move(action, lang) + _machine_effect(obs, action, lang)


def _labor_move(action: Any, lang: str | None) -> str:
    """A labour move in a few words, for the menu (two columns at 100)."""
    from gameshelf.games.pay_dirt.actions import BY, Dig, Pull, Repair, Slide
    from gameshelf.games.pay_dirt.components import KINDS, TARGETS
    from gameshelf.games.pay_dirt.describe import describe

    if not isinstance(action, Dig | Pull | Repair | Slide):
        return describe(action, lang)
    by = compact_text(f"move.by-{BY[action.by]}", lang)
    if isinstance(action, Dig):
        return compact_text("move.dig", lang, kind=t(f"pay_dirt.kind.{KINDS[action.tile_kind]}", lang), claim=action.claim + 1, by=by)
    if isinstance(action, Repair):
        name = TARGETS[action.target]
        target = t(f"pay_dirt.machine.{name}" if action.target < 3 else f"pay_dirt.slot.{GEAR_SLOTS[action.target - 3]}", lang)
        return compact_text("move.repair", lang, target=target, by=by)
    machine = t(f"pay_dirt.machine.{MACHINES[action.machine]}", lang)
    if isinstance(action, Slide):
        return compact_text("move.slide", lang, machine=machine, space=action.space + 1, to=action.space + 2, by=by)
    source = t(f"pay_dirt.machine.{MACHINES[action.machine - 1]}", lang)
    return compact_text("move.pull", lang, machine=machine, source=source, by=by)


def _machine_effect(obs: dict[str, Any], action: Any, lang: str | None) -> str:
    """What a labour move does to your machines, said before you choose it:
    a dig or a pull adds wear (" → Excavator wear 2/4", "…, broken"), a
    repair removes it, a slide onto the Wash Plant's last space washes."""
    from gameshelf.games.pay_dirt.actions import WORKER, Dig, Pull, Repair, Slide

    you = obs.get("you")
    if not isinstance(action, Dig | Pull | Repair | Slide) or type(you) is not int:
        return ""
    comp = components()
    camp = obs["camps"][you]
    if isinstance(action, Slide):
        row = camp["machines"][action.machine]["spaces"]
        return " → " + compact_text("washes", lang) if action.machine == 2 and action.space + 2 == len(row) else ""
    if isinstance(action, Repair):
        if action.target < 3:
            target = camp["machines"][action.target]
        else:
            target = camp["gear"][action.target - 3]
        if not target:
            return ""
        if action.by == WORKER:
            amount = comp.rules.repair_amount + sum(
                comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "repair_bonus")
        else:
            gear = camp["gear"][action.by - 1]
            amount = comp.gear[gear["gear"]].amount if gear else 0
        left = max(0, target["wear"] - amount)
        return " → " + compact_text("wear-left", lang, wear=left, durability=target["durability"])
    m = 0 if isinstance(action, Dig) else action.machine
    machine = camp["machines"][m]
    added = 1 + (sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "dig_wear")
                 if m == 0 else 0)
    wear = min(machine["durability"], machine["wear"] + added)
    key = "wear-broken" if wear >= machine["durability"] else "wear-after"
    return " → " + compact_text(key, lang, machine=t(f"pay_dirt.machine.{MACHINES[m]}", lang), wear=wear,
                      durability=machine["durability"])


# -- an opening bid typed at the prompt (the terminal's typed_move hook) -------------------------
#: "open c2 7", "open c #2 $7,000", "open 3 2 7": row (e/p/c or 1-3), lot number, total in thousands
_TYPED_OPEN = re.compile(r"open\s*([epc1-3])\s*#?\s*([1-3])\s+(?:at\s+)?\$?\s*([0-9]{1,6})(?:,000)?", re.ASCII)
_OPEN_WORD = re.compile(r"open(?:\s|$)")
_ROW_KEYS = {"e": 0, "p": 1, "c": 2, "1": 0, "2": 1, "3": 2}


def _auctioneer_now(obs: dict[str, Any]) -> bool:
    you = obs.get("you")
    return obs.get("phase") == "auction" and type(you) is int and obs.get("current_player") == you


def typed_move(obs: dict[str, Any], text: str, lang: str | None = None) -> Any:
    """``open c2 7`` typed by the auctioneer: Claims #2 opened at $7,000, any
    total from the lot's minimum (the menu lists only a few); a message when
    the lot or the amount cannot be, None for text that is not ``open``.
    The cap and one's cash are the engine's to check (its refusal is shown)."""
    from gameshelf.games.pay_dirt.actions import Nominate

    if not isinstance(text, str) or not _OPEN_WORD.match(text):
        return None
    if not _auctioneer_now(obs):
        return compact_text("typed.not-now", lang)
    found = _TYPED_OPEN.fullmatch(text)
    if found is None:
        return compact_text("typed.usage", lang)
    row, slot, total = _ROW_KEYS[found[1]], int(found[2]) - 1, int(found[3])
    row_name = t(f"pay_dirt.row.{ROWS[row]}", lang)
    display = obs["auction"]["display"][row]
    item = display[slot] if slot < len(display) else None
    if item is None or item < 0:
        return compact_text("typed.no-lot", lang, row=row_name, slot=slot + 1)
    comp = components()
    minimum = (comp.equipment, comp.personnel, comp.claims)[row][item].min_bid
    if total < minimum:
        return compact_text("typed.low", lang, row=row_name, slot=slot + 1, minimum=money(minimum), amount=money(total))
    return Nominate(row, slot, total - minimum)


def typed_hint(obs: dict[str, Any], lang: str | None = None) -> str | None:
    """The prompt's reminder that the auctioneer may open at any total, shown
    on a lot that can be opened now: the cheapest one not under the No-Bid
    disc (claims first among equals), $5,000 over its minimum or at all your
    cash if that is less; none when no lot can be opened."""
    if not _auctioneer_now(obs):
        return None
    comp = components()
    auction = obs["auction"]
    cash = min(int(obs["camps"][obs["you"]]["money"]), comp.rules.bid_cap)
    lots = []
    for row in (2, 1, 0):
        if auction.get("no_bid") == row:
            continue
        for slot, item in enumerate(auction["display"][row]):
            if item is not None and item >= 0:
                minimum = (comp.equipment, comp.personnel, comp.claims)[row][item].min_bid
                if minimum <= cash:
                    lots.append((minimum, 2 - row, slot, row))
    if not lots:
        return None
    minimum, _, slot, row = min(lots)
    total = min(cash, minimum + 5)
    return compact_text("typed.hint", lang, code=f"{'epc'[row]}{slot + 1}", total=total,
              row=t(f"pay_dirt.row.{ROWS[row]}", lang), slot=slot + 1, amount=money(total))


def item_name(item: str, lang: str | None) -> str | None:
    """An acquisition of the simulator's per-card table (an equipment,
    personnel, claim or gear id) by its catalogue name (issue 29)."""
    from gameshelf.games.pay_dirt.components import components
    from gameshelf.games.pay_dirt.names import lot_name

    comp = components()
    for row, records in enumerate((comp.equipment, comp.personnel, comp.claims)):
        for index, record in enumerate(records):
            if getattr(record, "id", None) == item:
                return lot_name(comp, row, index, lang)
    if any(g.id == item for g in comp.gear):
        return t(f"pay_dirt.gear.{item}", lang)
    return None


class PayDirtTexts(Texts):
    """Pay Dirt's words, as the browser and the terminal read them."""

    def describe_move(self, observation: Observation, action: Action, lang: str | None) -> str:
        return describe_move(observation, action, lang)

    def typed_move(self, observation: Observation, text: str, lang: str | None) -> Action | str | None:
        answer: Action | str | None = typed_move(observation, text, lang)
        return answer

    def typed_hint(self, observation: Observation, lang: str | None) -> str | None:
        return typed_hint(observation, lang)

    def item_name(self, item: str, lang: str | None) -> str | None:
        return item_name(item, lang)
