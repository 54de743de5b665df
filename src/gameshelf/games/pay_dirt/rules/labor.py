"""2) 労働フェイズ — the labour phase.

"全プレイヤーは、手元にある労働者駒全てを任意の場所に配置する。配置した後の解決は同時でも
良いが、「道具の購入」のみ順番が影響するので…スタートプレイヤーから時計回りに解決する。"
Placements come first; only the Gear Supplier's resolution depends on order,
so the phase runs in three steps that give the table's result:

1. **Placing at the Gear Supplier** (phase ``gear``, step ``place``) — from
   the Head Miner clockwise, each player sends some of their workers to the
   Gear Supplier (:class:`PlaceGear`), in plain view and before any purchase
   resolves. Before that a player may place workers at the Sales Office; a
   sale resolves at once, so its money can pay for gear (A21).
2. **Gear Supplier laps** (step ``buy``) — "鉱夫主任から1枚ずつ購入する（複数個の
   労働者駒を置いていても1枚購入して、全員の購入が終わってから2周目で購入する）"
   (A17): from the Head Miner clockwise, each player with a worker still
   standing there buys one gear or gives up the rest of their purchases.
3. **Work** (phase ``work``) — each player in turn from the Head Miner
   places the rest of their workers one at a time (Sales Office, Work Pools,
   repair) and uses gear, until ``end-labor``. These touch only their own
   board, so the order among players changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.pay_dirt.actions import (
    BY,
    CAMP_GEAR,
    CLAIM_GEAR,
    WORKER,
    BuyGear,
    Dig,
    EndLabor,
    PlaceGear,
    Pull,
    Repair,
    Sell,
    Slide,
    StopBuying,
    listed,
    listed_run,
)
from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.components import (
    GEAR_SLOTS,
    KINDS,
    MACHINES,
    TARGETS,
    components,
    dollars,
)
from gameshelf.games.pay_dirt.names import equipment_param
from gameshelf.games.pay_dirt.rules import acquire, events, supply

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState

#: the two steps of the Gear Supplier (``s.gear_step``)
PLACE, BUY = "place", "buy"


def ongoing_total(s: PayDirtState, camp: Camp, effect: str) -> int:
    """The amounts of ``camp``'s ongoing hardships with ``effect``, summed
    from the card table (``Components.hardship_amounts``: 0 for another effect)."""
    total = 0
    if camp.ongoing:  # (a plain loop: hot in the Gear Supplier's menus)
        amounts = s.comp.hardship_amounts[effect]
        for h in camp.ongoing:
            total += amounts[h]
    return total


def ability_total(s: PayDirtState, camp: Camp, ability: str) -> int:
    """The amounts of ``camp``'s personnel with ``ability`` (see :func:`ongoing_total`)."""
    total = 0
    if camp.personnel:
        amounts = s.comp.ability_amounts[ability]
        for c in camp.personnel:
            total += amounts[c]
    return total


def start_labor(s: PayDirtState) -> None:
    """"全プレイヤーは、手元にある労働者駒全てを任意の場所に配置する"; workers
    idled by hardships sit out this phase."""
    for camp in s.camps:
        away = camp.idle + (ongoing_total(s, camp, "fewer_workers") if camp.ongoing else 0)
        camp.unused = max(0, camp.workers - away)
        camp.idle = 0
        camp.busy = [False] * 5
        camp.repaired = [False] * 5
    if not s.quiet:
        s.events.append(events.LABOR)
    s.phase = "gear"
    s.gear_step = PLACE
    s.placed = [False] * s.players
    s.gear_workers = [0] * s.players
    s.turn = s.head
    _settle_place_turn(s)


# -- placing at the Gear Supplier ------------------------------------------------------
def place_actions(s: PayDirtState) -> list[Action]:
    """Any number of workers to the Gear Supplier (none included); a sale at
    the Sales Office before that."""
    camp = s.camps[s.turn]
    unused = camp.unused
    place = listed_run(PlaceGear, 0, unused + 1)
    if unused and camp.gold:  # (no gold: no sale to list)
        return [*listed_run(Sell, 1, min(camp.gold, s.comp.rules.sell_per_worker) + 1), *place]
    return list(place)


def place_gear(s: PayDirtState, workers: int) -> None:
    p = s.turn
    s.camps[p].unused -= workers
    s.gear_workers[p] = workers
    s.placed[p] = True
    if not s.quiet:  # (shared events: rules/events.py)
        s.events.append(events.PLACED_GEAR(p + 1, workers))
    s.turn = (p + 1) % s.players
    _settle_place_turn(s)


def _settle_place_turn(s: PayDirtState) -> None:
    """The next player who has not placed yet; one with no worker places none
    without being asked. Once all have placed, the purchases resolve."""
    n = s.players
    for _ in range(n + 1):
        p = s.turn
        if not s.placed[p]:
            if s.camps[p].unused:
                return
            s.placed[p] = True
        s.turn = (p + 1) % n
    s.gear_step = BUY
    s.turn = s.head
    _settle_gear_turn(s)


# -- gear laps -----------------------------------------------------------------------
def _price_shift(s: PayDirtState, camp: Camp) -> int:
    """What ``camp`` pays over (or under) a gear's printed price."""
    return ongoing_total(s, camp, "gear_penalty") - ability_total(s, camp, "gear_discount")


def gear_price(s: PayDirtState, camp: Camp, gear: int) -> int:
    return max(0, s.comp.gear[gear].price + _price_shift(s, camp))


def _affordable(s: PayDirtState) -> list[int]:
    """The display slots the player in turn may buy from now (none once
    their workers there are spent)."""
    p = s.turn
    if not s.gear_workers[p]:
        return []
    camp = s.camps[p]
    prices, money = s.comp.gear_prices, camp.money
    if camp.ongoing or camp.personnel:
        shift = _price_shift(s, camp)
        return [i for i, g in enumerate(s.gear_display) if g != EMPTY and max(0, prices[g] + shift) <= money]
    # (no shift: a printed price is at least 1)
    return [i for i, g in enumerate(s.gear_display) if g != EMPTY and prices[g] <= money]


def gear_actions(s: PayDirtState) -> list[Action]:
    if s.gear_step == PLACE:
        return place_actions(s)
    buy = _BUY_GEAR
    out: list[Action] = [buy[i] for i in _affordable(s)]
    out.append(_STOP_BUYING)
    return out


def _settle_gear_turn(s: PayDirtState) -> None:
    """Move the lap on to the next player with a worker still at the Gear
    Supplier; one who can afford nothing left gives up at once."""
    n = s.players
    for _ in range(n + 1):
        p = s.turn
        if s.gear_workers[p]:
            if _affordable(s):
                return
            s.gear_workers[p] = 0
        s.turn = (p + 1) % n
    s.phase = "work"
    s.ended = [False] * n
    s.turn = s.head
    _settle_work_turn(s)


def buy_gear(s: PayDirtState, slot: int) -> None:
    """"道具タイル1枚を指定された価格で購入する。同じ種類の道具は1つしか持てないため、
    新しい道具タイルで上書きする。そこに損耗駒があった場合は、それを捨てる。\""""
    p = s.turn
    camp = s.camps[p]
    gear = s.gear_display[slot]
    kind = s.comp.gear[gear].slot
    price = gear_price(s, camp, gear)
    camp.money -= price
    s.gear_workers[p] -= 1
    s.gear_display[slot] = EMPTY
    if camp.gear[kind] != EMPTY:
        s.gear_discard.append(camp.gear[kind])
    camp.gear[kind] = gear
    s.acquired[p].append(s.comp.gear[gear].id)
    camp.wear[3 + kind] = 0
    camp.busy[3 + kind] = False
    camp.repaired[3 + kind] = False
    if not s.quiet:
        s.events.append(events.BOUGHT_GEAR(p + 1, _GEAR_KEYS[gear], dollars(price)))
    s.turn = (p + 1) % s.players
    _settle_gear_turn(s)


def stop_buying(s: PayDirtState) -> None:
    """The workers still standing at the Gear Supplier buy nothing more; they
    were placed there and do no other work this round."""
    s.gear_workers[s.turn] = 0
    s.turn = (s.turn + 1) % s.players
    _settle_gear_turn(s)


# -- work ----------------------------------------------------------------------------
def _machine_free(s: PayDirtState, camp: Camp, m: int) -> bool:
    """"損耗駒が採掘機械の耐久度と同じ数まで貯まっている場合、その採掘機械を動かすことは
    出来ない"; a machine with a repair worker does nothing this round."""
    return not camp.repaired[m] and camp.wear[m] < s.comp.machine_tools[m][camp.equip[m]]


def machine_moves(s: PayDirtState, camp: Camp, m: int, by: int) -> list[Action]:
    """Every one-tile move that machine ``m`` can make (A11)."""
    if camp.repaired[m] or camp.wear[m] >= s.comp.machine_tools[m][camp.equip[m]]:  # (camp.broken spelt out)
        return []
    row = camp.rows[m]
    slides = _SLIDES[by][m]
    out: list[Action] = []
    for i in range(len(row) - 1):  # a plain loop: this runs several times per move
        if row[i] != EMPTY and row[i + 1] == EMPTY:
            out.append(slides[i])
    if row[0] == EMPTY:
        if m == 0:
            out += dig_moves(s, camp, by)
        elif camp.rows[m - 1][-1] != EMPTY:
            out.append(_PULLS[by][m])
    return out


def machine_can_move(s: PayDirtState, camp: Camp, m: int) -> bool:
    """Whether :func:`machine_moves` lists anything, without building the
    moves: :func:`can_work` asks this for every machine after every labour move."""
    if camp.repaired[m] or camp.wear[m] >= s.comp.machine_tools[m][camp.equip[m]]:
        return False
    row = camp.rows[m]
    if row[0] == EMPTY:
        if m == 0:
            if any(camp.claim_tiles):  # an ordered or unordered claim with a tile offers a dig
                return True
        elif camp.rows[m - 1][-1] != EMPTY:
            return True
    for i in range(len(row) - 1):  # noqa: SIM110 - a plain loop: no generator frame on a hot path
        if row[i] != EMPTY and row[i + 1] == EMPTY:
            return True
    return False


def dig_moves(s: PayDirtState, camp: Camp, by: int) -> list[Action]:
    """"順番が指定されている採鉱地タイル上の土砂は数字の小さいものからしか取れない"."""
    out: list[Action] = []
    comp = s.comp
    kinds, claims, digs = comp.tile_kind, comp.claims, _DIGS[by]
    for c, tiles in enumerate(camp.claim_tiles):
        if not tiles:
            continue
        if claims[camp.claims[c]].ordered:
            out += digs[c][1 << kinds[tiles[0]]]
        else:  # the kinds present, smallest first: one table entry per set of kinds
            present = 0
            for t in tiles:
                present |= 1 << kinds[t]
            out += digs[c][present]
    return out


def work_actions(s: PayDirtState) -> list[Action]:
    camp = s.camps[s.turn]
    out: list[Action] = []
    if camp.unused:
        comp = s.comp
        if camp.gold:
            out += listed_run(Sell, 1, min(camp.gold, comp.rules.sell_per_worker) + 1)
        # machine_moves(s, camp, m, WORKER) for each machine, spelt out: the
        # labour menu is the most listed menu of a game
        wear, busy, gear = camp.wear, camp.busy, camp.gear
        repaired, equip, rows, tools = camp.repaired, camp.equip, camp.rows, comp.machine_tools
        for m in range(3):
            if repaired[m] or wear[m] >= tools[m][equip[m]]:
                continue
            row = rows[m]
            slides = _WORKER_SLIDES[m]
            for i in range(len(row) - 1):
                if row[i] != EMPTY and row[i + 1] == EMPTY:
                    out.append(slides[i])
            if row[0] == EMPTY:
                if m == 0:
                    out += dig_moves(s, camp, WORKER)
                elif rows[m - 1][-1] != EMPTY:
                    out.append(_WORKER_PULLS[m])
        # worker repairs: a worn machine, or a worn gear in its slot, not at
        # work this round (the loop over the five targets, unrolled)
        if wear[0] > 0 and not busy[0]:
            out.append(_REPAIRS[0])
        if wear[1] > 0 and not busy[1]:
            out.append(_REPAIRS[1])
        if wear[2] > 0 and not busy[2]:
            out.append(_REPAIRS[2])
        if wear[3] > 0 and not busy[3] and gear[0] != EMPTY:
            out.append(_REPAIRS[3])
        if wear[4] > 0 and not busy[4] and gear[1] != EMPTY:
            out.append(_REPAIRS[4])
    gear = camp.gear
    if gear[0] != EMPTY:  # most camps hold no gear: skip the call
        out += gear_uses(s, camp, 0, CLAIM_GEAR)
    if gear[1] != EMPTY:
        out += gear_uses(s, camp, 1, CAMP_GEAR)
    out.append(END_LABOR)
    return out


#: the worker repairs and "end labour" as ``listed`` hands them out, looked
#: up once (a cached call per entry was a tenth of the labour menu)
_TARGET_IDS = range(len(TARGETS))
_REPAIRS = tuple(listed(Repair, t) for t in _TARGET_IDS)
END_LABOR = listed(EndLabor)


def _move_tables() -> tuple[Any, Any, Any, Any]:
    """The machine moves as ``listed`` hands them out, per performer (``by``):
    each machine's slides by space and its pull, each claim's digs by the set
    of kinds its tiles show (bit ``1 << kind``, smallest kind first), and the
    repair gear's repairs. Why: looking each one up through ``listed`` was a
    cached call per entry, several per labour menu; these are the very same
    instances (``tests/games/pay_dirt/test_menu.py`` holds the menus to
    ``listed``)."""
    comp = components()
    spaces = max(*comp.rules.base_spaces, *(e.spaces for e in comp.equipment))
    kinds = range(len(KINDS))
    slides = tuple(tuple(tuple(listed(Slide, m, i, by) for i in range(spaces - 1)) for m in range(3))
                   for by in range(len(BY)))
    pulls = tuple((None, listed(Pull, 1, by), listed(Pull, 2, by)) for by in range(len(BY)))
    digs = tuple(
        tuple(tuple(tuple(listed(Dig, c, k, by) for k in kinds if mask >> k & 1) for mask in range(1 << len(KINDS)))
              for c in range(comp.rules.max_claims + 1))
        for by in range(len(BY))
    )
    repairs = tuple(tuple(listed(Repair, m, by) for m in range(3)) for by in range(len(BY)))
    return slides, pulls, digs, repairs


_SLIDES, _PULLS, _DIGS, _GEAR_REPAIRS = _move_tables()
_BUY_GEAR = tuple(listed(BuyGear, i) for i in range(components().rules.gear_display))
_STOP_BUYING = listed(StopBuying)
_WORKER_SLIDES, _WORKER_PULLS = _SLIDES[WORKER], _PULLS[WORKER]


def gear_uses(s: PayDirtState, camp: Camp, slot: int, by: int) -> list[Action]:
    """"各道具はラウンドに1回使用することができる … 道具の使用は労働者駒を配置せずに
    利用できる"."""
    g = camp.gear[slot]
    t = 3 + slot
    if g == EMPTY or camp.busy[t] or camp.repaired[t]:
        return []
    gear = s.comp.gear[g]
    if camp.wear[t] >= gear.durability:  # camp.broken(s.comp, t), spelt out
        return []
    effect = gear.effect
    if effect == "dig":
        return dig_moves(s, camp, by) if _machine_free(s, camp, 0) and camp.rows[0][0] == EMPTY else []
    if effect == "move":  # machine_moves of each machine it moves, less the digs (spelt out: hot)
        out: list[Action] = []
        wear, repaired, equip, rows, tools = camp.wear, camp.repaired, camp.equip, camp.rows, s.comp.machine_tools
        for m in gear.machines:
            if repaired[m] or wear[m] >= tools[m][equip[m]]:
                continue
            row = rows[m]
            slides = _SLIDES[by][m]
            for i in range(len(row) - 1):
                if row[i] != EMPTY and row[i + 1] == EMPTY:
                    out.append(slides[i])
            if m and row[0] == EMPTY and rows[m - 1][-1] != EMPTY:
                out.append(_PULLS[by][m])
        return out
    if effect == "repair":
        wear, repairs = camp.wear, _GEAR_REPAIRS[by]
        return [repairs[m] for m in range(3) if wear[m] > 0]
    if not camp.gold:  # (nothing to sell)
        return []
    return list(listed_run(Sell, 1, min(camp.gold, gear.amount) + 1, by))


def can_work(s: PayDirtState, camp: Camp) -> bool:
    """Whether ``work_actions`` offers more than ``end-labor`` (early exit:
    this runs after every labour move)."""
    gear = camp.gear
    if camp.unused:
        if camp.gold:
            return True
        wear, busy = camp.wear, camp.busy  # a worker repair (work_actions' five checks)
        if (
            (wear[0] and not busy[0]) or (wear[1] and not busy[1]) or (wear[2] and not busy[2])
            or (wear[3] and not busy[3] and gear[0] != EMPTY) or (wear[4] and not busy[4] and gear[1] != EMPTY)
        ):
            return True
        if machine_can_move(s, camp, 0) or machine_can_move(s, camp, 1) or machine_can_move(s, camp, 2):
            return True
    return (gear[0] != EMPTY and bool(gear_uses(s, camp, 0, CLAIM_GEAR))) or (
        gear[1] != EMPTY and bool(gear_uses(s, camp, 1, CAMP_GEAR))
    )


def _settle_work_turn(s: PayDirtState) -> None:
    """The next player in turn who still has something to do; a player whose
    only choice is ``end-labor`` ends at once."""
    n = s.players
    for _ in range(n + 1):
        p = s.turn
        if not s.ended[p]:
            if can_work(s, s.camps[p]):
                return
            s.ended[p] = True
        s.turn = (p + 1) % n
    end_labor_phase(s)


def _spend(s: PayDirtState, camp: Camp, by: int) -> None:
    if by == WORKER:
        camp.unused -= 1
    else:
        t = 2 + by  # CLAIM_GEAR=1 -> 3, CAMP_GEAR=2 -> 4
        camp.busy[t] = True
        camp.add_wear(s.comp, t)


def sell(s: PayDirtState, gold: int, by: int) -> None:
    """Sales Office: "金1個を$3000で売れる。ただし、労働者駒1個につき金2個まで"."""
    p = s.turn
    camp = s.camps[p]
    price = max(0, s.comp.rules.sell_price + ability_total(s, camp, "sell_bonus") - ongoing_total(s, camp, "sell_penalty"))
    _spend(s, camp, by)
    camp.gold -= gold
    camp.money += gold * price
    s.log("pay_dirt.log.sold", player=p + 1, gold=gold, money=dollars(gold * price))
    if s.phase == "work":
        _settle_work_turn(s)
    else:
        _settle_place_turn(s)


def slide(s: PayDirtState, m: int, space: int, by: int) -> None:
    """"労働者駒の採掘機械上にある土砂タイル1枚を右に1スペース移動する。\""""
    p = s.turn
    camp = s.camps[p]
    _spend(s, camp, by)
    camp.busy[m] = True
    row = camp.rows[m]
    row[space + 1], row[space] = row[space], EMPTY
    _arrive(s, p, m, space + 1)
    _settle_work_turn(s)


def pull(s: PayDirtState, m: int, by: int) -> None:
    """"労働者駒の採掘機械の左にある採掘機械の右端にある土砂タイル1枚を自分の左端に移動
    する。労働者駒を置いた採掘機械上に損耗駒を1個置く" (the previous machine may be broken, A13)."""
    p = s.turn
    camp = s.camps[p]
    _spend(s, camp, by)
    camp.busy[m] = True
    prev = camp.rows[m - 1]
    camp.rows[m][0], prev[-1] = prev[-1], EMPTY
    camp.add_wear(s.comp, m)
    durability, now = camp.durability(s.comp, m), camp.wear[m]  # (_wear's fields, in its order)
    if not s.quiet:
        s.events.append(events.PULLED(p + 1, _MACHINE_KEYS[m - 1], _MACHINE_KEYS[m], now, durability,
                                      _BROKEN if now >= durability else ""))
    _arrive(s, p, m, 0)
    _settle_work_turn(s)


def dig(s: PayDirtState, claim: int, kind: int, by: int) -> None:
    """"左端の採掘機械上に労働者駒があれば、…採鉱地タイル上にある任意の土砂タイル1枚を
    の一番左端に置く。左端の採掘機械上に損耗駒を1個置く\""""
    p = s.turn
    camp = s.camps[p]
    _spend(s, camp, by)
    camp.busy[0] = True
    tiles = camp.claim_tiles[claim]
    kinds = s.comp.tile_kind
    index = 0
    while kinds[tiles[index]] != kind:  # the first tile of that kind
        index += 1
    camp.rows[0][0] = tiles.pop(index)
    camp.add_wear(s.comp, 0, 1 + ongoing_total(s, camp, "dig_wear"))
    durability, now = camp.durability(s.comp, 0), camp.wear[0]
    if not s.quiet:
        s.events.append(events.DUG(p + 1, _KIND_KEYS[kind], now, durability, _BROKEN if now >= durability else ""))
    _settle_work_turn(s)


#: log names built once: machines, pay-dirt kinds, gear tiles, repair
#: targets and who repairs
_MACHINE_KEYS = tuple(f"@pay_dirt.machine.{m}" for m in MACHINES)
_KIND_KEYS = tuple(f"@pay_dirt.kind.{k}" for k in KINDS)
_GEAR_KEYS = tuple(f"@pay_dirt.gear.{g.id}" for g in components().gear)
_TARGET_KEYS = (*_MACHINE_KEYS, *(f"@pay_dirt.slot.{slot}" for slot in GEAR_SLOTS))
_BY_KEYS = tuple(f"@pay_dirt.by.{by}" for by in BY)
_BROKEN = "@pay_dirt.log.broken"


def _wear(s: PayDirtState, camp: Camp, m: int) -> dict[str, Any]:
    """A machine's wear after a tile entered it, for the log ("wear 3/4. It
    is broken until repaired.")."""
    durability = camp.durability(s.comp, m)
    now = camp.wear[m]
    return {"now": now, "durability": durability, "broken": _BROKEN if now >= durability else ""}


def _arrive(s: PayDirtState, player: int, m: int, space: int) -> None:
    """"右端の採掘機械で最も右端の欄まで土砂が移動したら自動的に金になる\""""
    row = s.camps[player].rows[m]
    if m == 2 and space == len(row) - 1:
        tile = row[space]
        row[space] = EMPTY
        gold = supply.wash(s, player, tile)
        s.log("pay_dirt.log.washed", player=player + 1, kind=_KIND_KEYS[s.comp.tile_kind[tile]], gold=gold)


def repair(s: PayDirtState, target: int, by: int) -> None:
    """修理用労働者: "損耗駒を2個まで除去する。配置された採掘機械又は道具の能力は使用出来ない".
    Repair gear removes its own amount and does not stop the machine."""
    p = s.turn
    camp = s.camps[p]
    if by == WORKER:
        amount = s.comp.rules.repair_amount + (ability_total(s, camp, "repair_bonus") if camp.personnel else 0)
        camp.repaired[target] = True
    else:
        amount = s.comp.gear[camp.gear[by - 1]].amount
    _spend(s, camp, by)
    removed = min(camp.wear[target], amount)
    camp.wear[target] -= removed
    if not s.quiet:
        s.events.append(events.REPAIRED(p + 1, _TARGET_KEYS[target], _BY_KEYS[by], removed, camp.wear[target],
                                        camp.durability(s.comp, target)))
    _settle_work_turn(s)


def end_labor(s: PayDirtState) -> None:
    s.ended[s.turn] = True
    s.turn = (s.turn + 1) % s.players
    _settle_work_turn(s)


def end_labor_phase(s: PayDirtState) -> None:
    """Fiem Co: "採掘機械の耐久度まで損耗駒が蓄積しその労働フェイズ終了時までにはそれを
    解決出来ない場合、破壊され箱に戻す（土砂は真下の機械に移動する）" (A14). The
    hardship draft, or in the final round the sweep, follows (``flow.AFTER``)."""
    for p, camp in enumerate(s.camps):
        for m in range(3):
            e = camp.equip[m]
            if e != EMPTY and s.comp.equipment[e].fragile and camp.broken(s.comp, m):
                s.log("pay_dirt.log.destroyed", owner=p + 1, lot=equipment_param(e), machine=_MACHINE_KEYS[m])
                acquire.replace_machine(s, p, m, EMPTY)
        camp.unused = 0
    s.phase = "labor-done"
