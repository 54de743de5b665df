"""Issue 16 §2: a re-deal (``determinize``) may only produce worlds the seat
cannot rule out. Cards everyone saw go under a deck stay where they went.

「1コインを支払うことで、購入可能な家または地下施設の4枚のカードを流し、山札の底に戻し」
「洞窟カードは、山札の一番下に戻します」
"""

from __future__ import annotations

import random
from typing import Any

from gameshelf.games.above_and_below.actions import make
from gameshelf.games.above_and_below.rules.common import put_under
from tests.games.above_and_below.fixtures import new_state, play


def _consistent(state: Any, player: int, seeds: range = range(6)) -> bool:
    """The kit's check: every known zone holds what the seat knows, in the real
    state and in each re-dealt copy."""
    known = state.known_zones(player)
    if state.zones(list(known)) != known:
        return False
    return all(state.determinize(player, k).zones(list(known)) == known for k in seeds)


def _after_refresh() -> Any:
    state = new_state(2)
    row = list(state.house_row)
    play(state, make.Refresh("house"))
    assert state.known_zones(1)["house_deck.bottom:4"] == row
    return state


def test_a_refreshed_row_stays_under_the_deck_in_every_re_deal() -> None:
    state = _after_refresh()
    assert _consistent(state, 0) and _consistent(state, 1)


def test_the_check_catches_a_re_deal_that_shuffles_the_whole_deck() -> None:
    """The re-deal used before issue 16 shuffled the whole house deck; the check
    must see that such a world contradicts what both seats watched."""
    state = _after_refresh()
    known = state.known_zones(0)
    caught = 0
    for seed in range(6):
        twin = state.determinize(0, seed)
        pool = sorted(twin.house_deck)
        random.Random(seed).shuffle(pool)
        twin.house_deck = pool
        caught += twin.zones(list(known)) != known
    assert caught >= 5


def test_a_lost_cave_card_goes_under_and_stays_there() -> None:
    state = new_state(3)
    lost = state.cave_deck.pop(0)
    put_under(state, "cave_deck", [lost])
    known = state.known_zones(2)
    assert known["cave_deck.bottom:1"] == [lost] and known["cave_deck.top:1"] == [state.cave_deck[0]]
    assert _consistent(state, 2)


def test_known_cards_drawn_back_to_the_top_shrink_the_known_block() -> None:
    state = _after_refresh()
    state.house_deck_known = len(state.house_deck) + 3  # everything in it was seen going under
    assert f"house_deck.bottom:{len(state.house_deck)}" in state.known_zones(0)
    assert _consistent(state, 0)


def test_random_games_keep_every_known_zone() -> None:
    """Many random positions, every seat: refreshed rows and lost caves stay put."""
    rng = random.Random(16)
    checked = 0
    for seed in range(4):
        state = new_state(2 + seed % 3, seed)
        while not state.is_over:
            if rng.random() < 0.05 and state.known_zones(0):
                checked += 1
                assert _consistent(state, state.current_player or 0, range(2))
            play(state, rng.choice(state.legal_actions()))
    assert checked > 5
