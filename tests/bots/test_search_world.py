"""Search copies keep no log, and that changes nothing but the log.

Why it matters: ISMCTS and greedy play their throw-away futures on
``PlayerView.search_world`` copies, which are silenced to save the cost of
building and copying events. If any rule read the log, a silenced future
would play differently and the bots would be searching a different game.
"""

from __future__ import annotations

import pytest

import gameshelf
from gameshelf.bots import PlayerView
from gameshelf.core.registry import shipped_games
from gameshelf.core.rng import Stream

GAMES = tuple(shipped_games())


def _advance(state, moves: int, stream: Stream) -> None:  # type: ignore[no-untyped-def]
    for _ in range(moves):
        if state.is_over:
            return
        state.apply(stream.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_silenced_copy_plays_the_same_game(game_id: str, seed: int) -> None:
    game = gameshelf.load_game(game_id)
    state = game.new_game(game.min_players if game.max_players == 1 else 2, seed)
    _advance(state, 25, Stream(seed))
    logged_before = list(state.events)
    seat = state.current_player
    loud = state.determinize(seat, 77)
    quiet = PlayerView(state, seat).search_world(77)
    assert quiet.quiet and quiet.events == [] and loud.events
    assert state.events == logged_before  # the real game's log is untouched
    stream = Stream(seed + 100)
    while not loud.is_over:
        legal = loud.legal_actions()
        assert quiet.legal_actions() == legal
        action = stream.choice(legal)
        loud.apply(action)
        quiet.apply(action)
        assert quiet.events == []
    assert quiet.is_over and quiet.scores() == loud.scores()
    assert quiet.ranking() == loud.ranking()
    assert quiet.clone().quiet  # clones of a silenced world stay silent


def test_silence_drops_the_log_and_stops_logging() -> None:
    state = gameshelf.load_game("hidden-high").new_game(2, 5)
    _advance(state, 3, Stream(1))
    state.silence()
    assert state.events == []
    _advance(state, 3, Stream(2))
    assert state.events == []
