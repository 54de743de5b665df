"""Setup (rulebook §1) and the start of each round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.rules import events, supply

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def set_up(s: PayDirtState) -> None:
    """"基本マーカー(青いディスク)を15度に置く"; shuffle each pile; three lots per
    auction row; five gear face up; each player $9,000, five workers and a
    greenhorn claim with three face-down Barren tiles."""
    comp = s.comp
    rules = comp.rules
    n = s.players
    s.round = 1
    s.temperature = rules.start_temperature
    s.final_round = False
    s.head = 0
    s.phase = "auction"
    # pay dirt: values dealt to tile ids at random, then one pile per kind
    s.tile_gold = [0] * len(comp.tile_kind)
    s.tile_draw = [[], [], []]
    s.tile_discard = [[], [], []]
    s.tile_pool = [0] * len(comp.tile_kind)
    s.tile_rebuilds = [0, 0, 0]
    tiles = s.rng["tiles"]
    tile_gold = s.tile_gold
    for kind, ids in enumerate(comp.kind_tiles):
        values = list(comp.tile_values[kind])
        tiles.shuffle(values)
        for t, v in zip(ids, values, strict=True):
            tile_gold[t] = v
        s.tile_draw[kind] = tiles.shuffled(ids)
    # the three auction decks and their rows
    decks = s.rng["decks"]
    s.decks = [
        decks.shuffled(range(len(comp.equipment))),
        decks.shuffled(range(len(comp.personnel))),
        decks.shuffled(comp.auction_claims),
    ]
    s.display = [[s.decks[r].pop() for _ in range(rules.display_size)] for r in range(3)]
    s.box = [[], [], []]
    s.gear_deck = s.rng["gear"].shuffled(range(len(comp.gear)))
    s.gear_display = [s.gear_deck.pop() for _ in range(rules.gear_display)]
    s.gear_discard = []
    s.hardship_deck = s.rng["hardships"].shuffled(range(len(comp.hardships)))
    s.hardship_discard = []
    s.camps = []
    greenhorns = list(comp.greenhorn_claims)
    for p in range(n):
        camp = Camp(comp, rules.start_money, rules.start_workers)
        claim = greenhorns[p]
        camp.claims.append(claim)
        camp.claim_tiles.append([supply.draw_tile(s, k) for k in comp.claims[claim].tiles])
        s.camps.append(camp)
    s.box[2] = greenhorns[n:]  # unused greenhorn claims stay in the box
    # auction bookkeeping
    s.no_bid = EMPTY
    s.lot = (EMPTY, EMPTY)
    s.high_bid = 0
    s.high_bidder = EMPTY
    s.active = [False] * n
    s.bidder = EMPTY
    s.pending = ""
    s.pending_player = EMPTY
    s.pending_item = EMPTY
    s.pending_left = 0
    s.gear_step = "place"
    s.placed = [False] * n
    s.gear_workers = [0] * n
    s.turn = 0
    s.ended = [False] * n
    s.draft_order = []
    s.draft_pos = 0
    s.draft_hand = []
    s.kept = [EMPTY] * n
    s.passed = [[] for _ in range(n)]
    s.swept = [EMPTY] * n
    s.acquired = [[] for _ in range(n)]
    start_round(s)


def start_round(s: PayDirtState) -> None:
    s.phase = "auction"
    s.events_done = 0
    s.won = [False] * s.players
    s.auctioneer = s.head
    if not s.quiet:  # (shared events: rules/events.py)
        log = s.events
        log.append(events.ROUND(s.round, s.temperature, s.head + 1))
        if s.final_round:
            log.append(events.FINAL_ROUND)
        log.append(events.AUCTIONEER(1, s.players, s.auctioneer + 1))
