"""What the rest of the table sees of a move (issue 16 §4).

"全員が苦境カードを受け取ったら同時に解決を行う": the hardship cards are
turned over together once everyone has one, so until then a kept card is
only "a hardship card" to the others, in the log and in the one public move
description every front end uses.
"""

from __future__ import annotations

import json

from gameshelf.core.registry import load_game
from gameshelf.games.pay_dirt.actions import KeepHardship, PassBid
from gameshelf.games.pay_dirt.rules import flow, hardship
from gameshelf.games.pay_dirt.state import PayDirtState
from tests.games.pay_dirt.helpers import new


def _drafting(players: int = 3) -> PayDirtState:
    s = new(players)
    flow.run(s, hardship.start_hardship)
    return s


def _seen_by(s: PayDirtState, seat: int | None) -> str:
    return json.dumps(s.observation(seat), sort_keys=True)


def test_another_seat_sees_the_same_whichever_card_was_kept() -> None:
    """Two states that differ only in A's pick look the same to B and to a
    spectator: observation, log and public description."""
    s = _drafting()
    a = s.current_player
    assert a is not None
    first, second = s.draft_hand[0], s.draft_hand[1]
    one, two = s.clone(), s.clone()
    one.apply(KeepHardship(first), a)
    two.apply(KeepHardship(second), a)
    game = load_game("pay-dirt")
    for b in (p for p in range(s.players) if p != a):
        if one.current_player == b:  # the next drafter holds what A passed on: the hands differ
            continue
        assert _seen_by(one, b) == _seen_by(two, b), f"seat {b + 1} can tell which card seat {a + 1} kept"
    assert _seen_by(one, None) == _seen_by(two, None)
    for lang in ("en", "ja"):
        shown = {game.describe_public(KeepHardship(c), a, lang) for c in (first, second)}
        assert len(shown) == 1, "the public description names no card"
        name = game.describe_action(KeepHardship(first), lang)
        assert name not in shown
    assert _seen_by(one, a) != _seen_by(two, a), "A itself knows what it kept"


def test_no_other_seat_s_log_names_a_kept_card_before_the_reveal() -> None:
    s = _drafting(4)
    while s.phase == "draft":
        p = s.current_player
        assert p is not None
        s.apply(s.legal_actions()[0], p)
        if s.phase != "draft":
            break
        for seat in (q for q in range(4) if q != p):
            log = s.observation(seat)["log"]
            named = [e for e in log if e["key"] == "pay_dirt.log.kept" and e["params"]["player"] != seat + 1]
            assert not named, f"seat {seat + 1} reads another seat's kept card"
            assert "pay_dirt.log.keeps-hidden" in [e["key"] for e in log]
    revealed = [e for e in s.observation(None)["log"] if e["key"] == "pay_dirt.log.hardship"]
    assert len(revealed) == 4, "once all have a card, every kept card is shown to all"


def test_public_moves_read_as_the_mover_s_own_description() -> None:
    game = load_game("pay-dirt")
    assert game.describe_public(PassBid(), 1, "ja") == game.describe_action(PassBid(), "ja")
