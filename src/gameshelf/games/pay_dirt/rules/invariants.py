"""Laws every Pay Dirt position obeys; the kit checks them after every move.

Nothing is created or destroyed that the rules don't create or destroy:
every tile, card and claim is in exactly one place; a player never has more
unused workers than workers; money, gold and wear never go negative.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.board import EMPTY

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def _once(name: str, places: list[int], expected: range | list[int]) -> None:
    counts = Counter(places)
    twice = [x for x, c in counts.items() if c > 1]
    assert not twice, f"{name} {twice} in two places at once"
    assert sorted(counts) == sorted(expected), f"a {name} was created or lost"


def check(s: PayDirtState) -> None:
    comp = s.comp
    rules = comp.rules
    camps = s.camps
    tiles = [t for pile in (*s.tile_draw, *s.tile_discard) for t in pile]
    for camp in camps:
        tiles += camp.tiles_on_board()
        tiles += [t for claim in camp.claim_tiles for t in claim]
    _once("pay-dirt tile", tiles, range(len(comp.tile_kind)))
    for kind, pile in enumerate(s.tile_draw):
        assert all(comp.tile_kind[t] == kind for t in pile + s.tile_discard[kind]), "a tile on the wrong pile"
    assert sorted(s.tile_gold) == sorted(v for vals in comp.tile_values for v in vals), "gold values changed"

    pending = [s.pending_item] if s.pending == "equipment" else []
    equip = [e for e in (*s.decks[0], *s.display[0], *s.box[0], *pending) if e != EMPTY]
    equip += [e for camp in camps for e in camp.equip if e != EMPTY]
    _once("equipment tile", equip, range(len(comp.equipment)))
    people = [c for c in (*s.decks[1], *s.display[1], *s.box[1]) if c != EMPTY]
    people += [c for camp in camps for c in camp.personnel]
    _once("personnel card", people, range(len(comp.personnel)))
    claims = [c for c in (*s.decks[2], *s.display[2], *s.box[2]) if c != EMPTY]
    claims += [c for camp in camps for c in camp.claims]
    _once("claim", claims, range(len(comp.claims)))
    gear = [g for g in (*s.gear_deck, *s.gear_display, *s.gear_discard) if g != EMPTY]
    gear += [g for camp in camps for g in camp.gear if g != EMPTY]
    _once("gear tile", gear, range(len(comp.gear)))
    hard = [*s.hardship_deck, *s.hardship_discard, *s.draft_hand]
    hard += [k for k in s.kept if k != EMPTY] + [h for camp in camps for h in camp.ongoing]
    _once("hardship card", hard, range(len(comp.hardships)))

    for p, camp in enumerate(camps):
        where = f"player {p + 1}"
        assert camp.money >= 0 and camp.gold >= 0, f"{where}: negative money or gold"
        assert 0 <= camp.unused <= camp.workers, f"{where}: workers out of range"
        assert len(camp.claims) == len(camp.claim_tiles) <= rules.max_claims + (s.pending == "discard-claim"), (
            f"{where}: too many claims"
        )
        for t in range(5):
            assert 0 <= camp.wear[t] <= max(camp.durability(comp, t), 0), f"{where}: wear out of range on {t}"
        for m in range(3):
            e = camp.equip[m]
            assert e == EMPTY or comp.equipment[e].machine == m, f"{where}: equipment on the wrong machine"
            spaces = rules.base_spaces[m] if e == EMPTY else comp.equipment[e].spaces
            assert len(camp.rows[m]) == spaces, f"{where}: machine {m} has the wrong number of spaces"
        assert camp.rows[2][-1] == EMPTY, f"{where}: a tile sits unwashed on the Wash Plant's last space"
        for g in range(2):
            assert camp.gear[g] == EMPTY or comp.gear[camp.gear[g]].slot == g, f"{where}: gear in the wrong slot"
    assert s.temperature <= rules.start_temperature
    assert 0 <= s.events_done <= s.players
