"""Dicey Farm's rules, one function per rulebook step or action.

``season`` frames the round and scores the game, ``dice`` holds the die
actions, ``steps`` the small gestures inside them and the free actions;
``legal`` lists the decisions, ``apply`` plays them, ``explain`` says why one
is refused and ``invariants`` holds the laws the tests check.
"""

from gameshelf.games.dicey_farm.rules.apply import apply
from gameshelf.games.dicey_farm.rules.explain import explain
from gameshelf.games.dicey_farm.rules.legal import legal_actions
from gameshelf.games.dicey_farm.rules.season import breakdown, end_round, start_round

__all__ = ["apply", "breakdown", "end_round", "explain", "legal_actions", "start_round"]
