"""Every seat reads which villager went where.

The log's first event naming the mover stands for the move in every front
end (``core.narration.reports_move``), so that event must say as much as the
move's own sentence: a labourer or an explorer whose sending set the party
off at once used to vanish from the log behind "labours for 1 coin" or
"enters cave 2".
"""

from __future__ import annotations

from gameshelf.core.narration import reports_move
from gameshelf.games.above_and_below import actions as A
from tests.playthrough import logged_moves


def test_every_sent_villager_is_named_in_the_line_that_stands_for_the_move() -> None:
    checked = 0
    for _, player, action, events in logged_moves("above-and-below", 3, 4):
        if isinstance(action, A.Assign) and reports_move(events, player, 3):
            named = [e for e in events if e.params.get("villager") == f"@above_and_below.villager.{action.villager}"]
            cat = events[0].key.endswith(("cat-obeys", "cat-refuses"))
            assert named or cat, (action, events)
            checked += 1
    assert checked > 20
