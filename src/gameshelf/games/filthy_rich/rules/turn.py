"""The turn, steps 1, 2 and 4 of the rulebook's play summary.

    1. 贅沢品を買います。(買わなくてもかまいません。)   buy a luxury (optional)
    2. カードを1枚プレイするか、1枚捨てて$1 … 2回     play or discard, twice
    3. (dice: see ``dice.py``)
    4. カードを2枚引いて、手持ちを5枚に戻してください  draw back to five
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich.cards import ASSET, BUSINESS
from gameshelf.games.filthy_rich.rules import effects, signs
from gameshelf.games.filthy_rich.rules.deck import draw
from gameshelf.games.filthy_rich.rules.money import from_bank, pay_bank, transfer
from gameshelf.games.filthy_rich.rules.winning import check_luxury_win, lux_param

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def card_param(s: FilthyRichState, card: int) -> str:
    """A card's name as a log parameter (built once per catalog: see legal.Table)."""
    return s.acts.card_param[card]


def buy_luxury(s: FilthyRichState, lux: int) -> None:
    """"銀行に対価を支払って、そのカードは自分の前に置いて" — one per turn, at
    its start (C6); the third one wins at once."""
    seat = s.turn
    pay_bank(s, seat, s.cat.luxuries[lux].cost)
    s.lux_pool.remove(lux)
    s.luxuries[seat].append(lux)
    s.acquired[seat].append(-1 - lux)
    s.luxury_open = False
    s.log("filthy_rich.log.buy", player=seat + 1, card=lux_param(s, lux), cost=s.cat.luxuries[lux].cost)
    check_luxury_win(s, seat)


def _spend_action(s: FilthyRichState, card: int) -> None:
    s.hands[s.turn].remove(card)
    s.actions_left -= 1
    s.luxury_open = False


def play_card(s: FilthyRichState, card: int) -> None:
    """Play a card from hand: a business waits for its sign's pocket, an
    asset is paid for and stays in front, an action is paid for and resolved."""
    seat = s.turn
    _spend_action(s, card)
    cat = s.cat
    kind, ref = cat.card_kind[card], cat.card_ref[card]
    s.log("filthy_rich.log.play", player=seat + 1, card=card_param(s, card))
    if kind == BUSINESS:
        s.pending = card
        s.phase = "place"
    elif kind == ASSET:
        asset = cat.assets[ref]
        pay_bank(s, seat, asset.cost)
        s.assets[seat].append(card)
        s.acquired[seat].append(card)
        if asset.effect == "loan":
            from_bank(s, seat, asset.amount)
            s.log("filthy_rich.log.gain", player=seat + 1, amount=asset.amount)
    else:
        pay_bank(s, seat, cat.actions[ref].cost)
        effects.start_action(s, card)


def discard_card(s: FilthyRichState, card: int) -> None:
    """"カードを一枚捨て、銀行から$1もらう" — face up on the discard pile (C9)."""
    seat = s.turn
    _spend_action(s, card)
    s.discard.append(card)
    from_bank(s, seat, s.cat.rules.discard_income)
    s.log("filthy_rich.log.discard", player=seat + 1, card=card_param(s, card))


def place_sign(s: FilthyRichState, pockets: tuple[int, ...]) -> None:
    """Open the pending business: pay its cost to the bank, pay $2 per
    covered pocket to the owner of the sign directly covered, hang the sign."""
    seat = s.turn
    card = s.pending
    cat = s.cat
    sign = cat.card_ref[card]
    business = cat.signs[sign]
    pay_bank(s, seat, business.cost)
    for owner, pocket in signs.covered_owners(s, seat, pockets):
        transfer(s, seat, owner, cat.rules.cover_fee)
        s.log("filthy_rich.log.cover-fee", player=seat + 1, owner=owner + 1,
              amount=cat.rules.cover_fee, pocket=pocket + 1)
    row = s.book[s.page]
    for k in pockets:
        row[k] = sign
    s.sign_owner[sign] = seat
    s.businesses[seat].append(card)
    s.acquired[seat].append(card)
    s.pending = -1
    s.phase = "turn"
    s.log("filthy_rich.log.place", player=seat + 1, card=card_param(s, card), page=s.page, cost=business.cost,
          pockets=",".join(str(k + 1) for k in pockets))


def sell_business(s: FilthyRichState, seat: int, card: int) -> None:
    """"広告1枚につき$2で手放す" — the whole sign, never a part (C7)."""
    cat = s.cat
    size = cat.signs[cat.card_ref[card]].size
    s.businesses[seat].remove(card)
    signs.take_down(s, card)
    amount = cat.rules.sell_per_sign_card * size
    from_bank(s, seat, amount)
    s.log("filthy_rich.log.sell", player=seat + 1, card=card_param(s, card), amount=amount)


def end_turn(s: FilthyRichState) -> None:
    """Draw back to five, then the next player still in the game."""
    seat = s.turn
    rules = s.cat.rules
    if s.alive[seat]:
        draw(s, seat, rules.hand_size - len(s.hands[seat]))
    n = s.players
    nxt = next((seat + i) % n for i in range(1, n + 1) if s.alive[(seat + i) % n])
    if nxt <= seat:  # the turn went round the table past seat 0's place
        s.round += 1
    s.turn = nxt
    s.turns += 1
    s.actions_left = rules.actions_per_turn
    s.luxury_open = True
    s.rolled = False
    s.phase = "turn"
    s.log("filthy_rich.log.turn", player=nxt + 1, page=s.page)

