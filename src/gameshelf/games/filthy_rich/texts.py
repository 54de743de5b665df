"""Filthy Rich in words: card and action sentences, a move as its mover reads
it now (prices after a quill, a sign's cover fees), typed bids, and the
end-of-game columns.

Why apart from the terminal drawing: the browser (through the server), the
web export and the terminal all read these texts, so this module imports no
terminal library and reads only an observation.
"""

from __future__ import annotations

import re
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.core.interfaces import ResultColumns, Texts
from gameshelf.core.protocol import Observation, State
from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.actions import (
    Bid,
    KeepBusinesses,
    PlaceSign,
    PlayCard,
    Roll,
    SellBusiness,
    TargetPlayer,
    TorchBusiness,
)
from gameshelf.games.filthy_rich.cards import BUSINESS, Catalog, catalog
from gameshelf.games.filthy_rich.describe import P, card_name, describe_action, luxury_name


def seat_marks(obs: dict[str, Any], cat: Catalog, p: int) -> int:
    marks: int = sum(cat.signs[cat.card_ref[c]].tax for c in obs["businesses"][p])
    marks += sum(cat.assets[cat.card_ref[c]].tax for c in obs["assets"][p])
    marks += sum(cat.luxuries[x].tax for x in obs["luxuries"][p])
    return marks


def tax_due(obs: dict[str, Any], cat: Catalog, p: int) -> int:
    """What seat ``p`` pays at the next tax: its $ marks less its tax shelter
    (the rule of ``rules.effects.tax_due``, from what everyone can see)."""
    shelter: int = sum(cat.assets[cat.card_ref[c]].amount for c in obs["assets"][p]
                       if cat.assets[cat.card_ref[c]].effect == "tax_shelter")
    return max(0, seat_marks(obs, cat, p) - shelter)


def tax_income(obs: dict[str, Any], cat: Catalog, p: int) -> int:
    """What seat ``p`` takes from the bank just before paying a tax (the
    rule of ``rules.effects.tax_income``: businesses that pay at a tax and
    the Stock Portfolio kind of asset)."""
    income: int = sum(cat.signs[cat.card_ref[c]].on_tax for c in obs["businesses"][p])
    income += sum(cat.assets[cat.card_ref[c]].amount for c in obs["assets"][p]
                  if cat.assets[cat.card_ref[c]].effect == "tax_income")
    return income


def compact_text(key: str, lang: str | None, **params: Any) -> str:
    return t(f"{P}.compact.{key}", lang, **params)


def shape_text(cells: tuple[tuple[int, int], ...]) -> str:
    """A sign's shape on one line, row by row: an L of three is "■·/■■"."""
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    return "/".join("".join("■" if (r, c) in cells else "·" for c in range(cols)) for r in range(rows))


def result_columns(state: Any, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """The end-of-game table's columns: what decided the game. A win is
    three luxuries or being the last one standing, so the table shows the
    luxuries, who went bankrupt, and the cash (the designed tie-break), not
    the 1-or-0 score."""
    obs = state.observation(None)
    cat = catalog()
    out = t(f"{P}.view.out", lang)
    return [
        (t(f"{P}.view.col-luxuries", lang),
         [f"{len(lux)}/3 " + compact_text("sep", lang).join(luxury_name(cat, x, lang) for x in lux) for lux in obs["luxuries"]]),
        (t(f"{P}.view.col-money", lang),
         [(f"${m:,}" if alive else out) for m, alive in zip(obs["money"], obs["alive"], strict=True)]),
    ]


def describe_move(obs: dict[str, Any], action: Action, lang: str | None = None) -> str:
    """A move as the player about to make it reads it, with what it costs
    and gives now: a bid's total in dollars, the cover fees a sign pays,
    the dollars a sale brings. Needs the mover's observation, which
    :func:`describe_action` does not have."""
    cat = catalog()
    text = describe_action(action, lang)
    a: Any = action
    if type(action) is Bid and obs.get("auction"):
        auction = obs["auction"]
        low = cat.luxuries[auction["luxury"]].cost if auction["leader"] is None else auction["high"] + 1
        return compact_text("move.bid-total", lang, total=low + a.raise_by)
    if type(action) is PlayCard and obs.get("hand") is not None:
        # the hand above says what the card does; the line says what it costs
        kind, ref = cat.card_kind[a.card], cat.card_ref[a.card]
        cost = (cat.signs, cat.assets, cat.actions)[kind][ref].cost
        name = card_name(cat, a.card, lang)
        return compact_text("play.play-cost", lang, card=name, cost=cost) if cost else compact_text("play.play", lang, card=name)
    viewer = obs.get("viewer")
    if type(action) is SellBusiness:
        sign = cat.signs[cat.card_ref[a.card]]
        sale = compact_text("move.sell-total", lang, card=card_name(cat, a.card, lang), total=cat.rules.sell_per_sign_card * sign.size)
        if obs.get("phase") == "sell" and type(viewer) is int:
            # selling lowers the tax about to be paid by the card's $ marks
            after = max(0, tax_due(obs, cat, viewer) - sign.tax)
            sale += " — " + compact_text("move.tax-after", lang, due=after)
        return sale
    if type(action) is KeepBusinesses and type(viewer) is int:
        due, income = tax_due(obs, cat, viewer), tax_income(obs, cat, viewer)
        line = compact_text("move.keep", lang, due=due)
        if income:
            line += " " + compact_text("move.keep-income", lang, income=income)
        if obs["money"][viewer] + income < due:
            line += " — " + compact_text("move.keep-broke", lang, cash=obs["money"][viewer] + income)
        return line
    if type(action) is TorchBusiness and 0 <= a.card < cat.deck_size and cat.card_kind[a.card] == BUSINESS:
        # which player loses it: two players' businesses may share a name only as copies, never a sign
        owner = obs["sign_owner"][cat.card_ref[a.card]]
        if owner != bk.EMPTY:
            return compact_text("move.torch", lang, card=card_name(cat, a.card, lang), owner=owner + 1)
        return text
    if type(action) is Roll and type(obs.get("page")) is int:
        # how many dice: one per page number, the rule a newcomer cannot guess from "Roll the dice"
        return compact_text("move.roll" if obs["page"] != 1 else "move.roll-one", lang, n=obs["page"], page=obs["page"])
    if type(action) is TargetPlayer and 0 <= a.seat < obs["players"]:
        return compact_text("move.audit", lang, seat=a.seat + 1, due=tax_due(obs, cat, a.seat), cash=obs["money"][a.seat])
    if type(action) is PlaceSign:
        rows = [[], *obs["book"]]
        covered = 0
        for k in a.pockets:
            sign, _ = bk.visible(rows, obs["page"], k - 1)  # the move names pockets 1-9
            if sign != bk.EMPTY and obs["sign_owner"][sign] != viewer:
                covered += 1
        fee = cat.rules.cover_fee * covered
        pending = obs.get("pending")
        cost = cat.signs[cat.card_ref[pending]].cost if type(pending) is int else 0
        if fee:
            return text + " — " + compact_text("move.cover-fee", lang, fee=fee, n=covered, cost=cost, total=cost + fee)
        return text + " — " + compact_text("move.no-fee", lang, cost=cost)
    return text



# -- bids typed as totals at the prompt (the terminal's typed_move hook) ------------------------
#: "bid 12", "bid $12", "入札 12" (already folded: full-width digits and "＄" read as ASCII)
_TYPED_BID = re.compile(r"(?:bid|入札)\s*\$?\s*([0-9]{1,9})", re.ASCII)
#: the start of a typed bid, to answer a malformed one with how to write it
_BID_WORD = re.compile(r"(?:bid|入札)(?:\s|\$|$)")


def _bid_range(obs: dict[str, Any]) -> tuple[int, int] | None:
    """The lowest and highest total the viewer may bid now, if it is the
    viewer's turn to bid: from the auction's minimum up to its cash (C14)."""
    auction = obs.get("auction")
    viewer = obs.get("viewer")
    if not isinstance(auction, dict) or type(viewer) is not int or auction.get("bidder") != viewer:
        return None
    low = auction.get("minimum")
    return (low, obs["money"][viewer]) if type(low) is int else None


def typed_move(obs: dict[str, Any], text: str, lang: str | None = None) -> Action | str | None:
    """``bid N`` typed at the prompt: a bid of the total N, as the move lines
    show totals; a message when N is out of range or it is not the viewer's
    turn to bid; None for text that is not a bid at all."""
    if not isinstance(text, str) or not _BID_WORD.match(text):
        return None
    limits = _bid_range(obs)
    if limits is None:
        return compact_text("typed.not-now", lang)
    low, high = limits
    found = _TYPED_BID.fullmatch(text)
    if found is None:
        return compact_text("typed.usage", lang, low=low)
    amount = int(found[1])
    if not low <= amount <= high:
        return compact_text("typed.range", lang, low=low, high=high, amount=amount)
    return Bid(amount - low)


def typed_hint(obs: dict[str, Any], lang: str | None = None) -> str | None:
    """The prompt's reminder that any total may be typed, while it is the
    viewer's turn to bid and it can afford more than the minimum."""
    limits = _bid_range(obs)
    if limits is None or limits[1] <= limits[0]:
        return None
    return compact_text("typed.hint", lang, low=limits[0], high=limits[1])


def item_name(item: str, lang: str | None) -> str | None:
    """An acquisition of the simulator's per-card table (a card or luxury
    key) by its catalogue name (issue 29)."""
    from gameshelf.core import i18n

    key = f"filthy_rich.card.{item}"
    return t(key, lang) if i18n.has(key, "en") else None


class FilthyRichTexts(Texts):
    """Filthy Rich's words, as the browser and the terminal read them."""

    def describe_move(self, observation: Observation, action: Action, lang: str | None) -> str:
        return describe_move(observation, action, lang)

    def result_columns(self, state: State, lang: str | None) -> ResultColumns | None:
        return result_columns(state, lang)

    def typed_move(self, observation: Observation, text: str, lang: str | None) -> Action | str | None:
        return typed_move(observation, text, lang)

    def typed_hint(self, observation: Observation, lang: str | None) -> str | None:
        return typed_hint(observation, lang)

    def item_name(self, item: str, lang: str | None) -> str | None:
        return item_name(item, lang)
