"""ゲームの準備 — the setup of the rulebook, steps 1 to 9."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.above_and_below.village import Village

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def set_up(state: AboveAndBelowState) -> None:
    comp = state.comp
    tracks = comp.tracks
    shuffle = state.rng["setup"].shuffle
    players = state.players
    # 1. 7 coins, one starting house, one starting villager of each type, all Ready;
    # 8. the seat-order coins.
    bonus = tracks.seat_coins[players]
    starters: dict[str, list[int]] = {}
    for v in comp.villagers:
        if v.group == "starting":
            starters.setdefault(v.type, []).append(v.id)
    state.villages = []
    state.first_round_exhausted = []
    used_starters: set[int] = set()
    for p in range(players):
        village = Village(tracks.coins + bonus[p], tracks.reputation_start)
        village.houses.append(comp.by_category["starting"][p])
        for kind in sorted(starters):
            vid = starters[kind][p]
            used_starters.add(vid)
            # "4人プレイの場合、ハンマーアイコンのない2枚のカードを…消耗エリアに配置します"
            if players == 4 and comp.villagers[vid].hammer == 0:
                village.exhausted.append(vid)
                state.first_round_exhausted.append(vid)
            else:
                village.ready.append(vid)
        state.villages.append(village)
    state.unused_villagers = sorted(
        v.id for v in comp.villagers if v.group == "starting" and v.id not in used_starters
    )
    # 2. all 6 star houses; 4 of the 9 key houses at random, the rest back to the box.
    state.star_row = list(comp.by_category["star"])
    keys = list(comp.by_category["key"])
    shuffle(keys)
    state.key_row = keys[: tracks.key_houses_used]
    state.unused_keys = sorted(keys[tracks.key_houses_used :])
    # 3. five trainable villagers on the board; the special villagers wait beside it.
    deck = [v.id for v in comp.villagers if v.group == "trainable"]
    shuffle(deck)
    slots: list[int | None] = list(deck[: len(tracks.slot_costs)])
    state.slots = slots
    state.villager_deck = deck[len(tracks.slot_costs) :]
    state.specials = sorted(v.id for v in comp.villagers if v.group == "special")
    # 4. the round marker on the first cave; 5. the supply, one cider on the board.
    state.round = 1
    state.supply_goods = list(tracks.supply_goods)
    state.supply_potion = tracks.supply_potion
    state.supply_cider = tracks.supply_cider - 1
    state.cider_on_board = True
    # 6. the cave deck, shuffled and face up.
    caves = [c.id for c in state.book.caves]
    shuffle(caves)
    state.cave_deck = caves
    # 9. four houses and four outposts for sale.
    for row in ("house", "outpost"):
        cards = list(comp.by_category[row])
        shuffle(cards)
        setattr(state, f"{row}_row", cards[: tracks.row_size])
        setattr(state, f"{row}_deck", cards[tracks.row_size :])
    # 8. the first player.
    state.start_player = 0
    state.turn = 0
    state.phase = "turn"
    state.task = None
    state.offer = None
    state.refreshed = False
    # no card lies under a deck in sight of everyone yet (see common.put_under).
    state.house_deck_known = state.outpost_deck_known = state.cave_deck_known = 0
    state.sold = False
    state.sale_left = []
    state.offered = [False] * players
    state.rest_queue = []
    state.rest_bedded = []
    state.rest_beds_used = 0
    # what each seat acquires during the game (the starting house and villagers are not).
    state.acquired = [() for _ in range(players)]
