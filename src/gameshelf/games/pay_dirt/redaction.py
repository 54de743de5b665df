"""The one redaction function: what a seat (or a spectator) may see.

Hidden by default: pay-dirt tiles show only their kind (B/P/R) — the gold
under a face-down tile is unknown to everyone, its owner included; deck
orders show only sizes; during the hardship draft the hand is shown to its
holder only and a kept card to its keeper only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def observe(s: PayDirtState, player: int | None) -> dict[str, Any]:
    comp = s.comp
    code = [KIND_CODES[k] for k in comp.tile_kind]
    drafting = s.phase == "draft"
    holder = s.draft_order[s.draft_pos] if drafting else None
    return {
        "you": player,
        "players": s.players,
        "round": s.round,
        "temperature": s.temperature,
        "final_round": s.final_round,
        "phase": s.phase,
        "head": s.head,
        "current_player": s.current_player,
        "auction": {
            "display": [list(row) for row in s.display],
            "deck_sizes": [len(d) for d in s.decks],
            "no_bid": s.no_bid,
            "auctioneer": s.auctioneer if s.phase in ("auction", "bidding", "acquire") else None,
            "events_done": s.events_done,
            "lot": list(s.lot) if s.phase == "bidding" else None,
            "high_bid": s.high_bid if s.phase == "bidding" else None,
            "high_bidder": s.high_bidder if s.phase == "bidding" else None,
            "active": list(s.active) if s.phase == "bidding" else None,
            "won": list(s.won),
        },
        "pending": {"kind": s.pending, "player": s.pending_player, "item": s.pending_item, "left": s.pending_left}
        if s.phase == "acquire"
        else None,
        "gear": {"display": list(s.gear_display), "deck_size": len(s.gear_deck), "discard": sorted(s.gear_discard)},
        "labor": {
            "step": s.gear_step if s.phase == "gear" else None,
            "placed": list(s.placed),
            "gear_workers": list(s.gear_workers),
            "buying": [w > 0 for w in s.gear_workers],
            "ended": list(s.ended),
        }
        if s.phase in ("gear", "work")
        else None,
        "tiles": {
            "draw_sizes": [len(d) for d in s.tile_draw],
            "revealed": [sorted(s.tile_gold[t] for t in pile) for pile in s.tile_discard],
        },
        "hardships": {
            "deck_size": len(s.hardship_deck),
            "discard": sorted(s.hardship_discard),
            "draft_order": list(s.draft_order) if drafting else None,
            "holder": holder,
            "hand_size": len(s.draft_hand) if drafting else 0,
            "hand": sorted(s.draft_hand) if drafting and holder == player else None,
            # the cards this seat passed on in this draft: it saw them (hidden.py)
            "passed": sorted(s.passed[player]) if drafting and player is not None else None,
            "kept": [
                None if s.kept[p] == EMPTY else (s.kept[p] if p == player else "hidden") for p in range(s.players)
            ],
        },
        "camps": [_camp(s, camp, code) for camp in s.camps],
        "swept": list(s.swept),
        "log": [e.to_json() for e in s.events_for(player)],
    }


def _camp(s: PayDirtState, camp: Camp, code: list[str]) -> dict[str, Any]:
    comp = s.comp
    return {
        "money": camp.money,
        "gold": camp.gold,
        "workers": camp.workers,
        "unused": camp.unused,
        "idle": camp.idle,
        "machines": [
            {
                "name": MACHINES[m],
                "equipment": None if camp.equip[m] == EMPTY else camp.equip[m],
                "spaces": [None if t == EMPTY else code[t] for t in camp.rows[m]],
                "wear": camp.wear[m],
                "durability": camp.durability(comp, m),
                "busy": camp.busy[m],
                "repaired": camp.repaired[m],
            }
            for m in range(3)
        ],
        "claims": [
            {"claim": c, "tiles": [code[t] for t in tiles], "ordered": comp.claims[c].ordered}
            for c, tiles in zip(camp.claims, camp.claim_tiles, strict=True)
        ],
        "gear": [
            None
            if camp.gear[g] == EMPTY
            else {
                "gear": camp.gear[g],
                "wear": camp.wear[3 + g],
                "durability": camp.durability(comp, 3 + g),
                "used": camp.busy[3 + g],
                "repaired": camp.repaired[3 + g],
            }
            for g in range(2)
        ],
        "personnel": list(camp.personnel),
        "ongoing": list(camp.ongoing),
    }
