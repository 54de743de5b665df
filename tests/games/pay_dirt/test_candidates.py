"""``State._legal_candidates``: a checked move is looked up among a few
candidates instead of the whole menu. The narrowing must never change what
is legal: every legal action is among its own candidates (the very
instance), every candidate is legal, and a move that is not legal is still
refused with the same error as before."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.rules import legal as menus
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import new


def _probes() -> list[object]:
    """Moves of every narrowed kind, most of them illegal at any moment."""
    out: list[object] = [A.EndLabor(), A.AuctioneerPass()]
    for by in (A.WORKER, A.CLAIM_GEAR, A.CAMP_GEAR):
        out += [A.Repair(t, by) for t in range(-1, 6)] + [A.Sell(g, by) for g in range(0, 4)]
        out += [A.Slide(m, i, by) for m in range(-1, 4) for i in range(-1, 5)]
        out += [A.Pull(m, by) for m in range(-1, 4)]
        out += [A.Dig(c, k, by) for c in range(-1, 4) for k in range(-1, 4)]
    out += [A.Nominate(r, k, o) for r in range(-1, 4) for k in range(-1, 4) for o in (0, 1, 3, 5, 40)]
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_candidates_hold_exactly_the_legal_moves_of_their_kind(players: int) -> None:
    probes = _probes()
    checked = 0
    for seed in range(4):
        for after, _ in random_playout(new(players, 300 + seed), Stream(seed), 3_000):
            if after.is_over:
                break
            legal = after.legal_actions()
            for action in legal:
                assert any(c is action for c in menus.legal_candidates(after, action)), action
            for probe in probes:
                candidates = menus.legal_candidates(after, probe)  # type: ignore[arg-type]
                assert all(any(c is x for x in legal) for c in candidates), probe
                listed = probe in legal
                trial = after.clone()
                try:
                    trial.validate(probe)  # type: ignore[arg-type]
                    ok = True
                except IllegalAction:
                    ok = False
                # listed moves pass; unlisted ones pass only as unlisted legal openings
                assert ok == (listed or menus.is_legal(after, probe)), probe  # type: ignore[arg-type]
                checked += 1
    assert checked > 10_000
