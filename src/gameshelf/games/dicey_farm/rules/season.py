"""The round's frame (ラウンドの流れ) and the final scoring (勝利点計算).

Round start, in the rulebook's order: 1 craftsman refill, 2 merchants'
wares renewed, 3 harvest (animals, then fields), the caretaker's food,
4 dice rolled. Round end: 6 food eaten, whisky scored, the shepherd's wool,
7 perishables rot, 8 the two leftmost craftsmen leave.

Daily Mode's fairness rests on this module: dice, merchants and the deck
each draw from their own stream, always the same number of draws per round,
whatever the player did (all five merchants are shuffled every round, hired
or not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.dicey_farm.components import components

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
K = C.constants
ANIMALS = ("chicken", "sheep", "pig", "cow")
#: per round: each merchant's unshuffled list as (good, qty) pairs.
_ITEMS = tuple(
    tuple((m, tuple((i.good, i.qty) for i in C.merchant_items(m, r))) for m in C.merchants)
    for r in range(1, K["rounds"] + 1)
)


def start_round(s: DiceyFarmState) -> None:
    """Steps 1-4 of ラウンドの流れ for ``s.round``."""
    refill_craftsmen(s)
    renew_wares(s)
    harvest(s)
    caretaker(s)
    roll_dice(s)
    s.log("dicey_farm.log.round", round=s.round, dice=" ".join(map(str, s.dice)))


def refill_craftsmen(s: DiceyFarmState) -> None:
    """「契約できる職人」を6人になるまで補充します (no reshuffle once empty: D12)."""
    need = K["display_size"] - len(s.display)
    if need > 0 and s.deck:
        s.display.extend(s.deck[:need])
        s.deck = s.deck[need:]


def renew_wares(s: DiceyFarmState) -> None:
    """各商人の商品を更新します: every list is shuffled; slot N is bought with an N."""
    stream = s.rng["merchants"]
    s.wares = {m: tuple(stream.shuffled(items)) for m, items in _ITEMS[s.round - 1]}


def compost_bonus(s: DiceyFarmState) -> int:
    if "compost_shed" not in s.built:
        return 0
    heads = sum(s.goods[a] for a in ANIMALS)
    bonus = 0
    for low, extra in C.facilities["compost_shed"]["tiers"]:
        if heads >= low:
            bonus = extra
    return bonus


def harvest(s: DiceyFarmState) -> None:
    """畑から収穫を行います: animals give their product, sown fields their crop."""
    g = s.goods
    before = dict(g)
    for animal in ANIMALS:
        product = C.livestock[animal][0]
        if product and g[animal]:
            g[product] += g[animal]
    bonus = compost_bonus(s)
    seed_bonus = C.craftsmen["beekeeper"].params["seed_bonus"] if s.has("beekeeper") else 0
    for crop, (seed, crop_yield, seed_back) in C.crops.items():
        n = s.sown[crop]
        if n:
            g[crop] += n * (crop_yield + bonus)
            g[seed] += n * (seed_back + seed_bonus)
            s.sown[crop] = 0
    for good, n in g.items():
        if n > before[good]:
            s.log("dicey_farm.log.harvest", good=f"@dicey_farm.good.{good}", n=n - before[good])


def caretaker(s: DiceyFarmState) -> None:
    """世話人: 毎ラウンド開始時、食料2を得る."""
    if s.has("caretaker"):
        food = C.craftsmen["caretaker"].params["round_food"]
        s.goods["food"] += food
        s.log("dicey_farm.log.caretaker", n=food)


def roll_dice(s: DiceyFarmState) -> None:
    stream = s.rng["dice"]
    s.dice = sorted([stream.die() for _ in range(C.dice(s.round))])
    s.rolled = (*s.rolled, tuple(s.dice))


def end_round(s: DiceyFarmState) -> None:
    """Steps 6-8, then the next round's start or the final scoring."""
    eat(s)
    whisky(s)
    shepherd(s)
    rot(s)
    if not s.recruited:
        # 「契約できる職人」を左から2人取り除きます (skipped after 募集).
        leaving = s.display[: K["display_removed"]]
        del s.display[: K["display_removed"]]
        s.gone = (*s.gone, *leaving)
        if s.round < K["rounds"]:  # after the last round nobody is left to care
            for craftsman in leaving:
                s.log("dicey_farm.log.leave", craftsman=f"@dicey_farm.craftsman.{craftsman}.name")
    s.used.clear()
    s.plough_face = 0
    s.ploughs = 0
    s.recruited = False
    if s.round >= K["rounds"]:
        s.final = final_scoring(s)
        for source in GAME_END_SOURCES:  # what the end itself added, before the total
            if s.final[source]:
                s.log("dicey_farm.log.final", source=f"@dicey_farm.breakdown.{source}", vp=s.final[source])
        if s.final["ignored_beggars"]:
            s.log("dicey_farm.log.pastor", n=s.final["ignored_beggars"],
                  vp=s.final["ignored_beggars"] * K["beggar_penalty"])
        s.log("dicey_farm.log.game-end", score=int(s.scores()[0]))
        return
    s.round += 1
    start_round(s)


#: the VP that only the game's end adds (gems and the scoring craftsmen)
GAME_END_SOURCES = ("gems", "zoologist", "surveyor", "accountant", "tour_guide")


def eat(s: DiceyFarmState) -> None:
    """(ダイスの数+1)の食料を消費します; each missing food is a beggar counter (D10)."""
    need = C.dice(s.round) + K["food_extra"]
    food = s.goods["food"]
    if food >= need:
        s.log("dicey_farm.log.eat", n=need)
        s.goods["food"] = food - need
    else:
        s.goods["food"] = 0
        s.beggars += need - food
        s.log("dicey_farm.log.eat-short", n=food, need=need, short=need - food,
              vp=(need - food) * K["beggar_penalty"])


def whisky(s: DiceyFarmState) -> None:
    """ウィスキー: ラウンド終了時に1つにつき1VP (D5: at every round end)."""
    if s.goods["whisky"]:
        s.vp["whisky"] += s.goods["whisky"] * K["whisky_vp"]
        s.log("dicey_farm.log.whisky", vp=s.goods["whisky"] * K["whisky_vp"])


def shepherd(s: DiceyFarmState) -> None:
    """羊飼い: 毎ラウンド終了時、羊2匹につき追加の羊毛1を得る (D4)."""
    if s.has("shepherd"):
        wool = (s.goods["sheep"] // 2) * C.craftsmen["shepherd"].params["wool_per_sheep_pair"]
        if wool:
            s.goods["wool"] += wool
            s.log("dicey_farm.log.harvest", good="@dicey_farm.good.wool", n=wool)


def rot(s: DiceyFarmState) -> None:
    """▲ goods rot at round end; fish and meat keep in a smokehouse. Each
    good that rots is named in the log (issue 43: the preview said what
    would rot, the round's end said nothing)."""
    keep = C.smoked if "smokehouse" in s.built else frozenset()
    g = s.goods
    for good in sorted(C.perishable):
        if good not in keep:
            if g[good]:
                s.log("dicey_farm.log.rot", good=f"@dicey_farm.good.{good}", n=g[good])
            g[good] = 0
    s.leftover = {good: g[good] for good in C.perishable}


def final_scoring(s: DiceyFarmState) -> dict[str, int]:
    """Game-end scoring in the original's order: gems, zoologist, surveyor,
    pastor, accountant (on the total so far), tour guide, beggars."""
    out = dict(s.vp)
    g = s.goods
    out["gems"] = g["gem"] * K["gem_vp"]
    cards = C.craftsmen
    out["zoologist"] = (
        min(g[a] for a in ANIMALS) * cards["zoologist"].params["set_vp"] if s.has("zoologist") else 0
    )
    surveyor = cards["surveyor"].params
    out["surveyor"] = surveyor["vp"] if s.has("surveyor") and s.fields >= surveyor["min_fields"] else 0
    beggars = s.beggars
    ignored = min(beggars, cards["pastor"].params["ignore_beggars"]) if s.has("pastor") else 0
    beggars -= ignored
    out["accountant"] = sum(out.values()) // cards["accountant"].params["per_vp"] if s.has("accountant") else 0
    out["tour_guide"] = (
        cards["tour_guide"].params["vp"]
        if s.has("tour_guide") and s.vp["tourism"] >= K["tourism_cap"]
        else 0
    )
    out["beggars"] = -beggars * K["beggar_penalty"]
    out["ignored_beggars"] = ignored
    return out


def breakdown(s: DiceyFarmState) -> dict[str, int]:
    """VP by source: the final one once over, else the running one."""
    if s.final is not None:
        return dict(s.final)
    out = dict(s.vp)
    out["beggars"] = -s.beggars * K["beggar_penalty"]
    return out
