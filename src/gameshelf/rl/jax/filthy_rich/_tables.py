"""Filthy Rich's card data and ids as numpy tables, read from the engine at import.

Why from the engine: every number comes from ``games/filthy_rich/data/*.toml``
through the engine's validated loader (``cards.catalog()``), every action id
from the engine's own universe (``Game.action_id``) and every tensor slot
from the engine's layout (``core.tensor.layout``), so the JAX rules hold no
second copy of a table that could drift.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gameshelf.core import tensor
from gameshelf.core.registry import load_game
from gameshelf.games.filthy_rich import actions as A
from gameshelf.games.filthy_rich import encoding
from gameshelf.games.filthy_rich.cards import ACTION, ASSET, BUSINESS, catalog

CAT = catalog()
RULES = CAT.rules
GAME = load_game("filthy-rich")

N_CARDS: int = CAT.deck_size
N_SIGNS: int = len(CAT.signs)
N_LUX: int = len(CAT.luxuries)
PAGES: int = RULES.pages
POCKETS = 9
MAX_DICE: int = PAGES            # one business die per page number
SEATS: int = encoding.SEATS      # the tensor's padding
MIN_PLAYERS, MAX_PLAYERS = GAME.min_players, GAME.max_players
HAND: int = RULES.hand_size

# -- per deck card ----------------------------------------------------------------------
KIND = np.array(CAT.card_kind, np.int32)
REF = np.array(CAT.card_ref, np.int32)
IS_BUSINESS = KIND == BUSINESS
IS_ASSET = KIND == ASSET
IS_ACTION = KIND == ACTION
COST = np.array([CAT.card_cost(c) for c in range(N_CARDS)], np.int32)
#: the sign of a business card (-1 for other cards)
SIGN = np.where(IS_BUSINESS, REF, -1).astype(np.int32)


def _asset(c: int, effect: str) -> int:
    if not IS_ASSET[c]:
        return 0
    a = CAT.assets[REF[c]]
    return a.amount if a.effect == effect else 0


def _action(c: int) -> Any:
    return CAT.actions[REF[c]] if IS_ACTION[c] else None


MARKS = np.array([CAT.signs[REF[c]].tax if IS_BUSINESS[c] else CAT.assets[REF[c]].tax if IS_ASSET[c] else 0
                  for c in range(N_CARDS)], np.int32)
SHELTER = np.array([_asset(c, "tax_shelter") for c in range(N_CARDS)], np.int32)
TAX_PAYS = np.array([CAT.signs[REF[c]].on_tax if IS_BUSINESS[c] else _asset(c, "tax_income")
                     for c in range(N_CARDS)], np.int32)
HIT_BONUS = np.array([_asset(c, "hit_bonus") for c in range(N_CARDS)], np.int32)
RACKET = np.array([_asset(c, "racket") for c in range(N_CARDS)], np.int32)
LOAN = np.array([_asset(c, "loan") for c in range(N_CARDS)], np.int32)
#: action effects, numbered; -1 for cards that are not actions
EFFECTS = ("gain", "draw", "collect", "audit", "arson", "page")
EFFECT = np.array([EFFECTS.index(_action(c).effect) if IS_ACTION[c] else -1 for c in range(N_CARDS)], np.int32)
GAIN, DRAW, COLLECT, AUDIT, ARSON, PAGE_CARD = range(len(EFFECTS))
AMOUNT = np.array([_action(c).amount if IS_ACTION[c] else 0 for c in range(N_CARDS)], np.int32)
MAX_DRAW = max(HAND, *(int(AMOUNT[c]) for c in range(N_CARDS) if EFFECT[c] == DRAW))

# -- per sign ---------------------------------------------------------------------------
SIGN_SIZE = np.array([b.size for b in CAT.signs], np.int32)
SIGN_COST = np.array([b.cost for b in CAT.signs], np.int32)
SIGN_HIT = np.array([b.hit for b in CAT.signs], np.int32)
#: per sign, its business cards (copies share a sign)
SIGN_CARDS = np.array([[IS_BUSINESS[c] and REF[c] == s for c in range(N_CARDS)] for s in range(N_SIGNS)])

# -- per luxury -------------------------------------------------------------------------
LUX_COST = np.array([x.cost for x in CAT.luxuries], np.int32)
LUX_MARKS = np.array([x.tax for x in CAT.luxuries], np.int32)
#: the auction order of a bankrupt seat's luxuries: cheapest first, then by id
LUX_ORDER_KEY = np.array([x.cost * N_LUX + i for i, x in enumerate(CAT.luxuries)], np.int32)

# -- the action ids (the engine's universe) -------------------------------------------------
N_ACTIONS: int = GAME.num_distinct_actions
KINDS = (A.BuyLuxury, A.PlayCard, A.DiscardCard, A.SellBusiness, A.PlaceSign, A.TargetPlayer,
         A.TorchBusiness, A.ChoosePage, A.Roll, A.KeepBusinesses, A.Bid, A.PassBid)
(K_BUY, K_PLAY, K_DISCARD, K_SELL, K_PLACE, K_TARGET, K_TORCH, K_PAGE, K_ROLL, K_KEEP, K_BID,
 K_PASS) = range(len(KINDS))
PLACEMENTS: list[tuple[int, ...]] = A.all_placements(CAT)


#: the field that carries each kind's argument (none for roll, keep and pass)
_ARG_FIELD = {K_BUY: "luxury", K_PLAY: "card", K_DISCARD: "card", K_SELL: "card", K_TORCH: "card",
              K_TARGET: "seat", K_PAGE: "page", K_BID: "raise_by"}


def _id_table() -> tuple[np.ndarray, np.ndarray]:
    """Per action id: its kind (index in ``KINDS``) and its one argument
    (a luxury, card, seat, page, raise, or the placement's index)."""
    kind = np.zeros(N_ACTIONS, np.int32)
    arg = np.zeros(N_ACTIONS, np.int32)
    for i in range(N_ACTIONS):
        a: Any = GAME.action_from_id(i)
        k = kind[i] = KINDS.index(type(a))
        if k == K_PLACE:
            arg[i] = PLACEMENTS.index(a.pockets)
        elif k in _ARG_FIELD:
            arg[i] = getattr(a, _ARG_FIELD[k])
    return kind, arg


ACTION_KIND, ACTION_ARG = _id_table()


def ids_of(kind: int) -> np.ndarray:
    """The action ids of one kind, in id order."""
    return np.flatnonzero(np.equal(ACTION_KIND, kind))


BUY_IDS, PLAY_IDS, DISCARD_IDS = ids_of(K_BUY), ids_of(K_PLAY), ids_of(K_DISCARD)
SELL_IDS, PLACE_IDS, TARGET_IDS, TORCH_IDS = ids_of(K_SELL), ids_of(K_PLACE), ids_of(K_TARGET), ids_of(K_TORCH)
PAGE_IDS, BID_IDS = ids_of(K_PAGE), ids_of(K_BID)
ROLL_ID, KEEP_ID, PASS_ID = int(ids_of(K_ROLL)[0]), int(ids_of(K_KEEP)[0]), int(ids_of(K_PASS)[0])
#: the card each sell / torch id names, the placement each place id names
SELL_CARD = ACTION_ARG[SELL_IDS]
TORCH_CARD = ACTION_ARG[TORCH_IDS]
BID_RAISE = ACTION_ARG[BID_IDS]
#: per placement, its pockets as a bool mask; per sign, which placements fit its shape
PLACE_MASK = np.array([[k + 1 in p for k in range(POCKETS)] for p in PLACEMENTS])
SIGN_PLACES = np.array([[p in {tuple(k + 1 for k in q) for _, q in b.places} for p in PLACEMENTS]
                        for b in CAT.signs])

# -- phases (the tensor's order) ----------------------------------------------------------------
PHASES: tuple[str, ...] = encoding.PHASES
TURN, PAGE, PLACE, SELL, TARGET, TORCH, AUCTION, OVER = (PHASES.index(p) for p in (
    "turn", "page", "place", "sell", "target", "torch", "auction", "over"))
#: the phases in which the turn player decides (the engine's ``TURN_PHASES``)
TURN_PHASES = np.array([p in ("turn", "place", "target", "torch", "page") for p in PHASES])

# -- the observation tensor ------------------------------------------------------------------
SLOTS: dict[str, int] = {f.name: f.start for f in tensor.layout(GAME)}
OBS_SIZE: int = tensor.tensor_size(GAME)
MONEY_CAP, TURNS_CAP = encoding.MONEY_CAP, encoding.TURNS_CAP


def lut(high: float, top: int) -> np.ndarray:
    """float32 ``number_value(v, high)`` for v in 0..top, the engine's arithmetic
    (``numbers`` multiplies by ``1 / high``, ``number`` divides: both are kept
    by :func:`lut_scaled` and this)."""
    return np.array([tensor.number_value(v, high) for v in range(top + 1)], np.float32)


def lut_scaled(high: float, top: int) -> np.ndarray:
    """float32 ``scaled(v, 1 / high)`` for v in 0..top (``TensorWriter.numbers``)."""
    return np.array([tensor.scaled(v, 1.0 / high) for v in range(top + 1)], np.float32)
