"""Hidden information: face-down gold, deck orders and drafted hardships."""

from __future__ import annotations

import json

from gameshelf.games.pay_dirt.rules import flow
from gameshelf.games.pay_dirt.rules import hardship as rules
from tests.games.pay_dirt.helpers import WASH, R, new, put, to_work


def test_face_down_gold_is_resampled_for_bots_but_washed_gold_is_kept() -> None:
    """The gold on face-down tiles, "whether yours or another player's", is
    hidden: a determinized copy deals it afresh, within each kind."""
    s = new(3)
    t = put(s, 0, WASH, 1, R, gold=6)
    to_work(s, 0)
    s.apply(s.legal_actions()[[str(a) for a in s.legal_actions()].index("slide wash_plant 2 worker")])
    assert t in s.tile_discard[R]
    hidden = s.camps[0].claim_tiles[0] + s.camps[1].claim_tiles[0]
    changed = False
    for k in range(1, 8):
        twin = s.determinize(0, k)
        assert twin.tile_gold[t] == 6, "a washed tile's gold was seen by all"
        changed |= any(twin.tile_gold[x] != s.tile_gold[x] for x in hidden + s.tile_draw[R])
        for kind in range(3):
            ids = [x for x, kk in enumerate(s.comp.tile_kind) if kk == kind]
            assert sorted(twin.tile_gold[x] for x in ids) == sorted(s.tile_gold[x] for x in ids)
    assert changed, "re-dealing never moved any hidden gold"


def test_no_observation_carries_face_down_gold() -> None:
    s = new(2)
    for seat in (None, 0, 1):
        seen = s.observation(seat)
        for camp in seen["camps"]:
            for claim in camp["claims"]:
                assert all(tile in ("B", "P", "R") for tile in claim["tiles"])
        assert "tile_gold" not in json.dumps(seen)


def test_drafted_hand_is_redealt_for_everyone_but_its_holder() -> None:
    s = new(3)
    flow.run(s, rules.start_hardship)
    holder = s.current_player
    other = (holder + 1) % 3
    hands = {tuple(s.determinize(other, k).draft_hand) for k in range(1, 10)}
    assert len(hands) > 1, "another seat must not learn the hand from a re-deal"
    assert all(tuple(s.determinize(holder, k).draft_hand) == tuple(s.draft_hand) for k in range(1, 4))
