"""Small rules shared by several actions: gaining villagers and buildings,
reputation, supply-limited gains, and handing the turn on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.above_and_below.components import GOOD_INDEX

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState

NS = "above_and_below"


def change_reputation(state: AboveAndBelowState, player: int, n: int) -> None:
    """Gaining reputation moves the cube down the tunnel, losing moves it up;
    it stops at either end of the track."""
    if n == 0:
        return
    village = state.villages[player]
    top = len(state.comp.tracks.reputation_vp) - 1
    village.rep = max(0, min(top, village.rep + n))
    state.log(f"{NS}.log.reputation", player=player + 1, n=n, pos=village.rep)


def gain_item(state: AboveAndBelowState, player: int, item: str, n: int) -> int:
    """Take up to ``n`` of a good, potion or cider from the supply; returns how many."""
    if item == "potion":
        got = min(n, state.supply_potion)
        state.supply_potion -= got
    elif item == "cider":
        got = min(n, state.supply_cider)
        state.supply_cider -= got
    else:
        i = GOOD_INDEX[item]
        got = min(n, state.supply_goods[i])
        state.supply_goods[i] -= got
    if got:
        state.villages[player].add(item, got)
    return got


def return_item(state: AboveAndBelowState, item: str, n: int = 1) -> None:
    """Put tokens back into the supply (paid, lost or spent)."""
    if item == "potion":
        state.supply_potion += n
    elif item == "cider":
        state.supply_cider += n
    else:
        state.supply_goods[GOOD_INDEX[item]] += n


def lose_item(state: AboveAndBelowState, player: int, item: str, n: int) -> int:
    """Lose up to ``n`` owned items (supply first, then the sale space)."""
    village = state.villages[player]
    lost = min(n, village.owned(item))
    village.take(item, lost)
    return_item(state, item, lost)
    return lost


def gain_villager(state: AboveAndBelowState, player: int, vid: int, *, ready: bool = False,
                  cost: int | None = None) -> None:
    """A new villager joins: to Exhausted (Ready with train-to-ready), and the
    reputation-down icon (Liquid Woman too) costs one reputation. Recorded in
    ``state.acquired`` under its data id as a string ("30" = Liquid Woman).
    A trained villager (``cost`` paid) is logged with the coins paid and
    where it stands, so the log says what the training cost."""
    village = state.villages[player]
    (village.ready if ready else village.exhausted).append(vid)
    state.acquired[player] += (str(vid),)
    if cost is None:
        state.log(f"{NS}.log.villager-joins", player=player + 1, villager=f"@{NS}.villager.{vid}")
    else:
        state.log(f"{NS}.log.train-{'ready' if ready else 'exhausted'}", player=player + 1,
                  villager=f"@{NS}.villager.{vid}", cost=cost)
    change_reputation(state, player, state.comp.villagers[vid].reputation)


def take_building(state: AboveAndBelowState, player: int, card: str) -> None:
    """Move ``card`` from its row into ``player``'s village and apply its
    when-gained icons (reputation, goods and potions on the card or to you).
    Bought or gained free, it is recorded in ``state.acquired``."""
    comp = state.comp
    b = comp.buildings[card]
    village = state.villages[player]
    if b.category == "outpost":
        state.outpost_row.remove(card)
        village.outposts.append(card)
        refill_row(state, "outpost")
    else:
        row = {"house": state.house_row, "star": state.star_row, "key": state.key_row}[b.category]
        row.remove(card)
        village.houses.append(card)
        if b.category == "house":
            refill_row(state, "house")
    for good, n in ((b.goods_on_buy, 2), (b.goods_refill, 1)):
        if good is not None:
            i = GOOD_INDEX[good]
            got = min(n, state.supply_goods[i])
            state.supply_goods[i] -= got
            village.card_goods[card] = village.card_goods.get(card, 0) + got
    if b.potion_on_buy:
        gain_item(state, player, "potion", b.potion_on_buy)
    state.acquired[player] += (card,)
    change_reputation(state, player, b.reputation)


def refill_row(state: AboveAndBelowState, row: str) -> None:
    """"家と地下施設の売り場がそれぞれ4枚になるように" — refill a row to 4."""
    cards = getattr(state, f"{row}_row")
    deck = getattr(state, f"{row}_deck")
    while len(cards) < state.comp.tracks.row_size and deck:
        cards.append(deck.pop(0))


#: the decks a card can be put under in sight of everyone (a refreshed row, a lost cave card).
OPEN_BOTTOM_DECKS: tuple[str, ...] = ("house_deck", "outpost_deck", "cave_deck")


def known_under(state: AboveAndBelowState, deck: str) -> int:
    """How many cards at the bottom of ``deck`` every seat saw go there (in
    order). Cards are drawn from the top only, so that block keeps its order
    until the deck is shorter than it."""
    known: int = getattr(state, f"{deck}_known")
    return min(known, len(getattr(state, deck)))


def put_under(state: AboveAndBelowState, deck: str, cards: list[str] | list[int]) -> None:
    """Put ``cards`` face down under ``deck`` where everyone sees which they
    are ("山札の底に戻し", "山札の一番下に戻します"): they join the known block,
    which a re-deal (``determinize``) must leave in place."""
    known = known_under(state, deck)
    getattr(state, deck).extend(cards)
    setattr(state, f"{deck}_known", known + len(cards))
