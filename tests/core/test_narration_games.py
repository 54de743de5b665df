"""Which event may stand for which move, in every game.

``core.narration.reports_move`` lets a move's first event stand for the move
in the terminal, the server's log and its replays (when it names the mover,
or the game is solo). That is only right when the event says what the move
was. This table is every pairing random play reaches; an event that starts
logging ahead of a move (a die coming back, a tax, a cave roll) shows up here
as a new pair and must be looked at, as the lossy ones were: a labourer's
name, a sowing and a kept business once vanished behind their consequences.
"""

from __future__ import annotations

import pytest

from gameshelf.core.narration import reports_move
from tests.playthrough import logged_moves

#: (game, players, games played) -> {move kind: event keys that may stand for it}
STANDS_FOR: dict[tuple[str, int, int], dict[str, set[str]]] = {
    ("above-and-below", 3, 6): {
        "assign": {"explorer", "labor", "cat-obeys", "cat-refuses"},
        "build": {"build"},
        "choose": {"dice"},
        "push": {"push"},
        "resolve": {"resolve"},
        "set-out": {"cave-roll"},
        "train": {"train", "train-exhausted"},
    },
    ("filthy-rich", 4, 6): {
        "bid": {"bid"}, "buy": {"buy"}, "discard": {"discard"}, "keep": {"keep"},
        "page": {"page-card"}, "pass": {"pass"},
        # a sign hung over others' pockets pays their cover fees first
        "place": {"place", "cover-fee"},
        "play": {"play"}, "roll": {"roll"}, "sell": {"sell"}, "target": {"audit"}, "torch": {"torch"},
    },
    ("pay-dirt", 4, 6): {
        "auctioneer-pass": {"auctioneer-pass"}, "bid": {"bid"}, "buy-gear": {"bought-gear"},
        "dig": {"dug"}, "discard-claim": {"claim-discarded"}, "install": {"installed"},
        "keep-hardship": {"keeps-hidden"}, "nominate": {"nominate"}, "pass": {"pass"},
        "place-gear": {"placed-gear"}, "pull": {"pulled"}, "repair": {"repaired"},
        "scrap": {"scrapped"}, "sell": {"sold"},
        "slide": {"washed"},  # a slide off the wash plant's end washes the tile
    },
    ("dicey-farm", 1, 30): {
        "build": {"build"}, "butcher": {"slaughter"}, "deliver": {"deliver"},
        "done": {"die-back"},  # stopping a sowing early: the rest of the die comes back
        "end-round": {"eat", "eat-short"}, "hire": {"hire"},
        "keep": {"leave"},  # keeping one craftsman is the other one leaving
        "modify": {"modify"}, "ship": {"ship"}, "sow": {"sow"}, "tour": {"tour"}, "bake": {"bake"},
        "use": {"fish", "plough", "use"},
    },
}


@pytest.mark.parametrize("case", list(STANDS_FOR), ids=lambda c: c[0])
def test_the_event_standing_for_a_move_names_that_move(case: tuple[str, int, int]) -> None:
    game_id, players, games = case
    allowed = STANDS_FOR[case]
    prefix = game_id.replace("-", "_") + ".log."
    for _, mover, action, events in logged_moves(game_id, players, games):
        if reports_move(events, mover, players):
            key = events[0].key.removeprefix(prefix)
            assert key in allowed.get(action.kind, set()), (action, events[0])
