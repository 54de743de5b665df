"""The listed menu a checked move looks itself up in (``PayDirtState.menu``).

Why these tests: the checked ``apply`` accepts the very object that
``legal_actions`` handed out without listing the menu again or checking its
fields. That shortcut must never accept a move the full check refuses: not
after the position moved on, not after a re-deal, not for an equal copy
with loosely typed fields. And ``can_work`` (the labour phase's early exit)
must say exactly what the full labour menu says.
"""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.rules import labor
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import new


def test_a_listed_move_goes_stale_once_the_position_moves_on() -> None:
    s = new(2, 5)
    stale = 0
    for _ in range(300):
        if s.is_over:
            break
        menu = s.legal_actions()
        s.apply(menu[-1], s.current_player)
        assert s.menu is None
        now = s.legal_actions()
        for old in menu:
            if not s.is_over and all(old is not a and old != a for a in now) and type(old) is not A.Nominate:
                trial = s.clone()
                with pytest.raises(IllegalAction):
                    trial.apply(old, trial.current_player)
                assert trial.history == s.history
                stale += 1
    assert stale > 50


def test_an_equal_copy_still_gets_the_full_check() -> None:
    s = new(2, 1)
    s.legal_actions()
    (listed,) = [a for a in s.legal_actions() if type(a) is A.AuctioneerPass]
    copy = A.AuctioneerPass()
    assert copy is not listed
    s.clone().apply(copy, s.current_player)  # equal and legal: accepted
    nominate = next(a for a in s.legal_actions() if type(a) is A.Nominate)
    loose = A.Nominate(float(nominate.row), nominate.slot, nominate.over)  # type: ignore[arg-type]
    before = s.clone()
    with pytest.raises(IllegalAction) as refused:
        s.apply(loose, s.current_player)
    assert refused.value.code == "malformed-action"
    assert s.history == before.history and s.menu == before.menu


def test_a_redeal_drops_the_menu() -> None:
    for after, _ in random_playout(new(3, 11), Stream(3), 2_000):
        if after.is_over:
            break
        if after.phase == "draft":
            after.legal_actions()
            assert after.menu is not None
            world = after.determinize((after.current_player + 1) % 3, 9)
            assert world.menu is None
            return
    raise AssertionError("no draft reached")


@pytest.mark.parametrize("players", [2, 4])
def test_can_work_says_what_the_labour_menu_says(players: int) -> None:
    checked = 0
    for seed in range(6):
        for after, _ in random_playout(new(players, 40 + seed), Stream(seed), 3_000):
            if after.is_over:
                break
            if after.phase != "work":
                continue
            for p in range(players):
                probe = after.clone()
                probe.turn = p
                assert labor.can_work(probe, probe.camps[p]) == (len(labor.work_actions(probe)) > 1)
                checked += 1
    assert checked > 100
