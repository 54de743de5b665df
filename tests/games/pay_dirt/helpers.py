"""Build Pay Dirt positions directly, so each scenario test states its setup."""

from __future__ import annotations

from gameshelf.core.registry import load_game
from gameshelf.games.pay_dirt.actions import Nominate
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import KINDS, components
from gameshelf.games.pay_dirt.state import PayDirtState

B, P, R = 0, 1, 2
EXC, LOAD, WASH = 0, 1, 2
EQUIP, PERSON, CLAIM = 0, 1, 2  # auction rows


def new(players: int = 2, seed: int = 0) -> PayDirtState:
    state = load_game("pay-dirt").new_game(players, seed)
    assert isinstance(state, PayDirtState)
    return state


def take_tile(s: PayDirtState, kind: int, gold: int | None = None) -> int:
    """Take a tile of ``kind`` out of the draw pile; with ``gold``, swap values
    inside the kind so that this tile shows exactly ``gold`` (the set of
    values on the kind stays the one the data file prints)."""
    tile = s.tile_draw[kind].pop()
    if gold is not None and s.tile_gold[tile] != gold:
        # swap with a tile still in the pile, never with one a test already placed
        other = next(t for t in s.tile_draw[kind] if s.tile_gold[t] == gold)
        s.tile_gold[tile], s.tile_gold[other] = s.tile_gold[other], s.tile_gold[tile]
    return tile


def put(s: PayDirtState, player: int, machine: int, space: int, kind: int = P, gold: int | None = None) -> int:
    tile = take_tile(s, kind, gold)
    assert s.camps[player].rows[machine][space] == EMPTY
    s.camps[player].rows[machine][space] = tile
    return tile


def clear_board(s: PayDirtState, player: int) -> None:
    """Return every tile on the player's machines to the draw piles."""
    camp = s.camps[player]
    for row in camp.rows:
        for i, tile in enumerate(row):
            if tile != EMPTY:
                s.tile_draw[s.comp.tile_kind[tile]].append(tile)
                row[i] = EMPTY


def to_work(s: PayDirtState, player: int, workers: int = 5) -> None:
    """Jump to the work step of the labour phase with ``player`` to act."""
    s.phase = "work"
    s.turn = player
    s.ended = [p != player for p in range(s.players)]
    for p, camp in enumerate(s.camps):
        camp.unused = workers if p == player else 0
        camp.busy = [False] * 5
        camp.repaired = [False] * 5


def to_gear(s: PayDirtState, workers: int = 3) -> None:
    """Jump to the Gear Supplier's laps: every player placed ``workers``
    workers there (and has two more for the work step)."""
    s.phase = "gear"
    s.gear_step = "buy"
    s.turn = s.head
    s.placed = [True] * s.players
    s.gear_workers = [workers] * s.players
    for camp in s.camps:
        camp.unused = 2
        camp.busy = [False] * 5
        camp.repaired = [False] * 5


def to_placing(s: PayDirtState, workers: int = 5) -> None:
    """Jump to the start of the labour phase: workers about to be placed."""
    from gameshelf.games.pay_dirt.rules import flow, labor

    for camp in s.camps:
        camp.workers = workers
    flow.run(s, labor.start_labor)


def nominate(s: PayDirtState, row: int, slot: int, over: int = 0) -> Nominate:
    """The auctioneer's opening on a displayed lot: its minimum bid plus ``over``."""
    return Nominate(row, slot, over)


def give_gear(s: PayDirtState, player: int, gear_id: str) -> int:
    """Move the named gear from wherever it lies in the supply to the player."""
    g = next(i for i, gear in enumerate(s.comp.gear) if gear.id == gear_id)
    for pile in (s.gear_deck, s.gear_discard):
        if g in pile:
            pile.remove(g)
    if g in s.gear_display:
        s.gear_display[s.gear_display.index(g)] = EMPTY
    camp = s.camps[player]
    slot = s.comp.gear[g].slot
    if camp.gear[slot] != EMPTY:
        s.gear_discard.append(camp.gear[slot])
    camp.gear[slot] = g
    camp.wear[3 + slot] = 0
    return g


def item(s: PayDirtState, row: int, item_id: str) -> int:
    """The index of a named lot, moved onto the display's first slot."""
    comp = components()
    pool = (comp.equipment, comp.personnel, comp.claims)[row]
    index = next(i for i, x in enumerate(pool) if x.id == item_id)
    for where in (s.decks[row], s.box[row]):
        if index in where:
            where.remove(index)
            s.decks[row].append(s.display[row][0])
            break
    else:
        if index in s.display[row]:
            slot = s.display[row].index(index)
            s.display[row][slot] = s.display[row][0]
    s.display[row][0] = index
    return index


def hardship(s: PayDirtState, card_id: str) -> int:
    return next(i for i, h in enumerate(s.comp.hardships) if h.id == card_id)


def kinds(s: PayDirtState, tiles: list[int]) -> list[str]:
    return [KINDS[s.comp.tile_kind[t]] for t in tiles]


def legal_strs(s: PayDirtState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def break_machine(s: PayDirtState, player: int, target: int) -> None:
    """Put wear equal to the tool icons on a machine (0-2) or gear slot (3-4)."""
    camp = s.camps[player]
    camp.wear[target] = camp.durability(s.comp, target)
