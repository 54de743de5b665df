"""Re-deals respect what a seat has seen (issue 16 §2).

``determinize(seat)`` may only produce worlds the seat cannot rule out: every
zone :meth:`known_zones` names must hold the same contents in the re-dealt
copy. Two places where a seat knows more than "some card of the box":

- a pay-dirt pile rebuilt from its face-up discards ("土砂はストックに返す" after
  everyone saw the gold) holds exactly those tiles' gold, while the tiles
  drawn before the rebuild hold gold from the never-seen rest;
- the hardship cards a seat passed on in the draft are somewhere among the
  later seats' kept cards and the hand still going round.
"""

from __future__ import annotations

import pytest

from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt.rules import flow, hardship, supply
from gameshelf.games.pay_dirt.state import PayDirtState
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import P, new


def assert_redeals_keep_what_is_known(s: PayDirtState, seeds: range = range(1, 9)) -> None:
    """The kit's law, for every seat and several re-deal seeds."""
    for seat in range(s.players):
        known = s.known_zones(seat)
        assert s.zones(list(known)) == known, "known_zones must describe the real state"
        for seed in seeds:
            twin = s.determinize(seat, seed)
            assert twin.zones(list(known)) == known, f"seat {seat + 1}, seed {seed}: a re-deal broke what it saw"


def rebuild_promising_pile(s: PayDirtState) -> tuple[int, list[int]]:
    """Wash every Promising tile but one off the draw pile (face up, gold seen
    by all), put the last one face down on player 1's claim, then draw again:
    the pile is rebuilt from the washed tiles. Returns the pre-rebuild tile
    and the tiles drawn after the rebuild (also onto the claim)."""
    pile = s.tile_draw[P]
    first = pile.pop()
    for tile in list(pile):
        pile.remove(tile)
        s.tile_discard[P].append(tile)
    s.camps[0].claim_tiles[0].append(first)
    after = [supply.draw_tile(s, P) for _ in range(3)]
    s.camps[0].claim_tiles[0].extend(after)
    s.check_invariants()
    return first, after


def test_a_rebuilt_pile_deals_only_the_gold_that_was_washed_into_it() -> None:
    """"不足したらシャッフルするなどして対応する": the rebuilt pile is the washed
    tiles, whose gold everyone saw. A tile dug before the rebuild can never
    hold gold from that pile in a re-dealt world, nor a rebuilt tile gold
    that was never seen."""
    s = new(3)
    first, after = rebuild_promising_pile(s)
    assert s.tile_pool[first] == 0 and all(s.tile_pool[t] == 1 for t in after)
    known = s.known_zones(1)
    assert known["tiles.pool:P/0"] == [s.tile_gold[first]]
    washed = sorted(s.tile_gold[t] for t in s.tile_draw[P] + after)
    assert known["tiles.pool:P/1"] == washed
    assert_redeals_keep_what_is_known(s)
    for seed in range(1, 20):
        twin = s.determinize(1, seed)
        assert twin.tile_gold[first] == s.tile_gold[first], "the only never-seen Promising tile keeps its gold"


def test_cards_passed_on_in_the_draft_stay_among_the_later_seats() -> None:
    """"そこから1枚選択して次に金の数が少ないプレイヤーに渡して": the first drafter
    saw the hand it passed on; in its re-dealt worlds the next drafter's
    hand is made of exactly those cards, never of the deck's."""
    s = new(4)
    flow.run(s, hardship.start_hardship)
    first = s.current_player
    assert first is not None
    s.apply(s.legal_actions()[0])
    passed = sorted(s.passed[first])
    assert s.observation(first)["hardships"]["passed"] == passed
    assert s.observation((first + 1) % 4)["hardships"]["passed"] == []
    assert_redeals_keep_what_is_known(s)
    for seed in range(1, 10):
        twin = s.determinize(first, seed)
        assert sorted(twin.draft_hand) == passed
    # one more pick: the passed cards are split between a kept card and the hand
    second = s.current_player
    s.apply(s.legal_actions()[-1])
    assert_redeals_keep_what_is_known(s)
    for seed in range(1, 10):
        twin = s.determinize(first, seed)
        assert sorted([twin.kept[second], *twin.draft_hand]) == passed
        assert twin.kept[first] == s.kept[first]


@pytest.mark.parametrize("players", [2, 5])
def test_redeals_keep_what_is_known_along_random_games(players: int) -> None:
    """The same law on many positions of whole random games (piles do run dry
    in long five-player games)."""
    for seed in range(3):
        s = new(players, seed)
        for step, (state, _) in enumerate(random_playout(s, Stream(seed), 4000)):
            if step % 23 == 0 and not state.is_over:
                assert_redeals_keep_what_is_known(state, range(1, 3))
        assert s.is_over
