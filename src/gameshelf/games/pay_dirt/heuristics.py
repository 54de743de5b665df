"""How promising a position looks for one seat (greedy and ISMCTS bots).

Gold is the score, but it arrives late: a tile needs about nine worker moves
from claim to gold. So the value counts each tile's expected gold, weighted
by how far along the chain it is; cash at a discount (it buys machines and
can be made from gold only by selling score); crew and gear; machine quality
(fewer spaces = faster, more tool icons = longer between repairs); minus
wear, with broken machines costing extra since they stall the chain. While a
lot is being auctioned the high bidder already counts the lot's value minus
the bid, so raising is worth it only while the lot is worth more.

Money is valued against gold by :func:`money_weight`: a ``late`` weight
per $1,000 from mid-game on, a little less in the first rounds. Hand-set, it
was $3,000 a gold (the Sales Office's price); before that a flat $4,000 a
gold, which let a search raise auctions to $9,000 (in a two-player relative
evaluation a lot counts twice: won by me, denied to you). Tuned by play
(``data/heuristic.toml``) it fell to about $9,300 a gold: cash makes no gold
by itself, and the greedy bot that spends it more freely won 84.7% of its
games against the hand-set one. An equipment lot won but not yet installed or
scrapped (the ``acquire`` phase) is counted too, so the money paid never
shows without the lot it bought.

The result is relative: this seat's value minus the best opponent's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gameshelf.core.interfaces import Heuristics
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.weights import WeightSlot
from gameshelf.games.pay_dirt.board import EMPTY, Camp

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState

#: the weights in ``data/heuristic.toml`` (values in gold, named there);
#: ``gameshelf tune pay-dirt`` swaps them.
WEIGHTS = WeightSlot("gameshelf.games.pay_dirt")


def rounds_left(s: PayDirtState) -> float:
    """About how many labour phases remain (the temperature drops ~2° a round)."""
    if s.final_round:
        return 0.5
    return max(1.0, s.temperature / 2 + 1)


def money_weight(s: PayDirtState) -> float:
    """What $1,000 is worth in gold now: the ``late`` weight from mid-game
    on, less by ``early_discount`` per round left beyond five, when cash
    left unspent on lots makes no gold. Measured with the hand-set weights
    (1/3 late, 0.23 in round 1) against the old flat 0.25: valuing early
    cash *more* (0.475 in round 1) lost 25-75 over 40 games, this shape
    broke even (50/100); the tuner kept the shape and lowered both."""
    money = WEIGHTS.current["money"]
    return money["late"] - money["early_discount"] * max(0.0, rounds_left(s) - 5)


class _Outlook:
    """What every camp's :func:`camp_value` shares in one position (weights,
    rounds left, the price of money), read once per evaluation rather than
    once per camp: the bots evaluate every move they try, so this is the hot
    path of a play-out."""

    __slots__ = ("ability", "broken", "chain", "crew", "gear", "left", "machine_scale", "money", "tool", "wear")

    def __init__(self, s: PayDirtState) -> None:
        w = WEIGHTS.current
        step, horizon = w["progress"]["step"], w["progress"]["horizon"]
        self.left = left = rounds_left(s)
        self.chain = w["dirt"]["chain"]
        self.money = money_weight(s)
        self.crew = step * w["progress"]["worker"]  # times workers, times the capped rounds
        self.gear = w["machines"]["gear"] * step * min(left, horizon)
        self.ability = w["crew"]["ability"]
        self.wear = w["machines"]["wear"]
        self.broken = w["machines"]["broken"]
        self.tool = w["machines"]["tool"]
        # (step, horizon) of machine_value, with the horizon already capped
        self.machine_scale = (step, min(left, horizon))


def camp_value(s: PayDirtState, camp: Camp, terms: _Outlook | None = None) -> float:
    comp = s.comp
    if s.is_over:
        return float(camp.gold)
    t = terms or _Outlook(s)
    chain = t.chain
    mean = comp.kind_mean
    kinds = comp.tile_kind
    left = t.left
    step, horizon = t.machine_scale
    base_spaces = comp.rules.base_spaces
    value = float(camp.gold) + claims_value(s, camp.claim_tiles, left)
    total = sum(len(r) for r in camp.rows)
    done = 0
    for m, row in enumerate(camp.rows):
        for tile in row:
            done += 1
            if tile != EMPTY:
                value += (chain + (1 - chain) * done / total) * mean[kinds[tile]]
        durability = camp.durability(comp, m)
        # machine_value, inline; then wear, which costs little until the
        # machine is about to stop the chain
        value += step * (base_spaces[m] - len(row)) * horizon + t.tool * durability * horizon
        wear = camp.wear[m]
        value -= t.wear * wear + (t.broken if wear >= durability else 0.0)
    value += t.money * camp.money
    value += t.crew * camp.workers * horizon
    value += t.gear * sum(1 for g in camp.gear if g != EMPTY)
    value += t.ability * sum(1 for c in camp.personnel if comp.personnel[c].ability != "none")
    return value


def crew_value(workers: int, left: float) -> float:
    """Workers' moves over the rounds left (counted up to the horizon)."""
    progress = WEIGHTS.current["progress"]
    return progress["step"] * progress["worker"] * workers * min(left, progress["horizon"])


def claims_value(s: PayDirtState, claims: list[list[int]], left: float) -> float:
    """Dirt still in the ground: the chain takes about one tile a round, so
    the best tiles count most and those beyond the rounds left count little."""
    mean = s.comp.kind_mean
    kinds = s.comp.tile_kind
    values = sorted((mean[kinds[t]] for tiles in claims for t in tiles), reverse=True)
    dirt = WEIGHTS.current["dirt"]
    weight = dirt["claim"] * min(1.0, left / 3)
    decay = min(dirt["claim_decay"], 1.0)  # above 1, later tiles would count more
    total = 0.0
    for i, v in enumerate(values):
        total += weight * v * (decay**i)
    return total


def machine_value(s: PayDirtState, m: int, spaces: int, durability: int, left: float) -> float:
    """A space fewer saves a move per tile (~1 tile a round passes); a tool
    icon more saves half a repair move every few rounds."""
    w = WEIGHTS.current
    base = s.comp.rules.base_spaces[m]
    horizon = min(left, w["progress"]["horizon"])
    return w["progress"]["step"] * (base - spaces) * horizon + w["machines"]["tool"] * durability * horizon


def lot_value(s: PayDirtState, player: int, row: int, item: int) -> float:
    """What winning a lot adds to ``player``'s camp, roughly, in gold."""
    comp = s.comp
    camp = s.camps[player]
    left = rounds_left(s)
    w = WEIGHTS.current
    if row == 1:
        c = comp.personnel[item]
        return crew_value(c.workers, left) + (w["crew"]["ability"] if c.ability != "none" else 0)
    if row == 2:
        kinds = comp.tile_kind
        fake = [[kinds.index(k) for k in comp.claims[item].tiles]]  # a tile id of each kind
        held = camp.claim_tiles
        return claims_value(s, [*held, *fake], left) - claims_value(s, held, left)
    e = comp.equipment[item]
    m = e.machine
    now = machine_value(s, m, len(camp.rows[m]), camp.durability(comp, m), left)
    wear = w["machines"]["wear"]
    install = machine_value(s, m, e.spaces, e.tools, left) - now + wear * camp.wear[m]
    scrap = wear * min(e.tools, sum(camp.wear))
    return max(install, scrap)


def hardship_cost(s: PayDirtState, player: int, card: int) -> float:
    """Roughly what a kept (or held ongoing) hardship will cost its holder."""
    comp = s.comp
    h = comp.hardships[card]
    camp = s.camps[player]
    if any(comp.personnel[c].ability == "cancel" and h.tag in comp.personnel[c].tags for c in camp.personnel):
        return 0.0
    w = WEIGHTS.current
    step, hardship = w["progress"]["step"], w["hardship"]
    times = min(rounds_left(s), w["progress"]["horizon"]) if h.ongoing else 1.0
    per_use = {
        # machine 3 is "all": the wear lands on each of the three machines
        "wear": w["machines"]["wear"] * h.amount * (3 if h.machine == 3 else 1) + hardship["wear_extra"],
        "idle_workers": step * h.amount,
        "fewer_workers": step * h.amount,
        "lose_money": money_weight(s) * min(h.amount, camp.money),
        "lose_gold": min(h.amount, camp.gold),
        "dig_wear": w["machines"]["wear"] * h.amount,
        "income_penalty": money_weight(s) * h.amount,
        "sell_penalty": hardship["sell_penalty"] * h.amount,
        "gear_penalty": hardship["gear_penalty"] * h.amount,
    }.get(h.effect, 0.0)
    return per_use * times


def standing_gear_value(s: PayDirtState, player: int) -> float:
    """Workers placed at the Gear Supplier but not yet served: each counts as
    the best gear it may still buy for an empty slot, net of its price, less
    the work-pool move it gave up (so a one-step search places a worker
    there only for gear worth more than a move)."""
    from gameshelf.games.pay_dirt.rules.labor import gear_price

    standing = s.gear_workers[player]
    if not standing:
        return 0.0
    w = WEIGHTS.current
    step = w["progress"]["step"]
    camp = s.camps[player]
    worth = w["machines"]["gear"] * step * min(rounds_left(s), w["progress"]["horizon"])
    best: dict[int, float] = {}
    for g in s.gear_display:
        if g != EMPTY and camp.gear[s.comp.gear[g].slot] == EMPTY:
            price = gear_price(s, camp, g)
            if price <= camp.money:
                net = worth - money_weight(s) * price
                slot = s.comp.gear[g].slot
                best[slot] = max(best.get(slot, net), net)
    gains = sorted((v for v in best.values() if v > 0), reverse=True)[:standing]
    return sum(gains) - step * standing


def evaluate(s: PayDirtState, player: int) -> float:
    terms = _Outlook(s)
    values = [camp_value(s, c, terms) for c in s.camps]
    if s.phase == "gear":
        for p in range(s.players):
            values[p] += standing_gear_value(s, p)
    if s.phase == "draft":
        for p, card in enumerate(s.kept):
            if card != EMPTY:
                values[p] -= hardship_cost(s, p, card)
    if s.phase == "bidding":
        # the high bidder would pay the bid (still in its cash) for the lot
        row, slot = s.lot
        item = s.display[row][slot]
        leader = s.high_bidder
        values[leader] += lot_value(s, leader, row, item) - money_weight(s) * s.high_bid
    elif s.phase == "acquire" and s.pending == "equipment":
        # won and paid for, not yet installed or scrapped
        values[s.pending_player] += lot_value(s, s.pending_player, 0, s.pending_item)
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - (max(others) if others else 0.0)


class PayDirtHeuristics(Heuristics):
    """Pay Dirt's evaluation for the bots, with its tunable weights."""

    weights = WEIGHTS

    def evaluate(self, state: State, player: PlayerId) -> float:
        return evaluate(cast("PayDirtState", state), player)
