"""The conformance kit, proven on the tiny game (and shown to catch bugs)."""

from __future__ import annotations

import contextlib
import pickle
from collections.abc import Sequence
from typing import Any

import pytest

from gameshelf.core.actions import Action
from gameshelf.core.registry import register_game
from gameshelf.testing import ConformanceSuite
from tests.tiny_game import HiddenHigh, HiddenHighState, Play


class TestTinyGameConformance(ConformanceSuite):
    game_id = "hidden-high"
    player_counts = (2, 3, 4)
    random_games = 300


class LeakyState(HiddenHighState):
    def observation(self, player):  # type: ignore[no-untyped-def]
        seen = super().observation(player)
        seen["deck_top"] = self.deck[:1]  # a leak the kit must catch
        return seen

    def _copy(self) -> LeakyState:
        other = super()._copy()
        other.__class__ = LeakyState
        return other


class Leaky(HiddenHigh):
    id = "leaky-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return LeakyState(self, players, seed, options)


class SharedDeckState(HiddenHighState):
    def _copy(self) -> SharedDeckState:
        other = super()._copy()
        other.__class__ = SharedDeckState
        other.deck = self.deck  # an aliasing bug the kit must catch
        return other


class SharedDeck(HiddenHigh):
    id = "shared-deck-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return SharedDeckState(self, players, seed, options)


def test_kit_catches_a_leaky_observation() -> None:
    register_game(Leaky.id, Leaky)

    class Suite(ConformanceSuite):
        game_id = Leaky.id
        deep_games = 2

    with pytest.raises(AssertionError, match="changed when"):
        Suite().test_observations_hide_what_a_seat_cannot_see()


def test_kit_catches_an_aliased_clone() -> None:
    register_game(SharedDeck.id, SharedDeck)

    class Suite(ConformanceSuite):
        game_id = SharedDeck.id
        deep_games = 2

    with pytest.raises(AssertionError, match="changed the original"):
        Suite().test_clone_is_independent()


class SloppyState(HiddenHighState):
    def explain_illegal(self, action):  # type: ignore[no-untyped-def]
        self.points[0] += 1  # a rejected move that still changes the state
        return super().explain_illegal(action)

    def _copy(self) -> SloppyState:
        other = super()._copy()
        other.__class__ = SloppyState
        return other


class Sloppy(HiddenHigh):
    id = "sloppy-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return SloppyState(self, players, seed, options)


def test_kit_catches_a_rejection_that_changes_the_state() -> None:
    register_game(Sloppy.id, Sloppy)

    class Suite(ConformanceSuite):
        game_id = Sloppy.id
        deep_games = 1

    with pytest.raises(AssertionError, match="changed the state"):
        Suite().test_illegal_actions_are_rejected_and_change_nothing()


class NosySpectatorState(HiddenHighState):
    def observation(self, player):  # type: ignore[no-untyped-def]
        seen = super().observation(player)
        if player is None:
            seen["hands"] = [list(h) for h in self.hands]  # a spectator must not see hands
        return seen

    def _copy(self) -> NosySpectatorState:
        other = super()._copy()
        other.__class__ = NosySpectatorState
        return other


class NosySpectator(HiddenHigh):
    id = "nosy-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return NosySpectatorState(self, players, seed, options)


def test_kit_catches_a_spectator_view_that_leaks() -> None:
    register_game(NosySpectator.id, NosySpectator)

    class Suite(ConformanceSuite):
        game_id = NosySpectator.id
        deep_games = 1

    with pytest.raises(AssertionError, match="spectator"):
        Suite().test_observations_hide_what_a_seat_cannot_see()


# -- strict input: the fuzzer must catch a cache that hostile input reaches ----------------
_PLAYS: dict[Any, Play] = {}


def _shared_play(card: Any) -> Play:
    """A process-wide memo of actions, as engines keep to save allocations
    (keyed by equality: ``4.0`` finds, and can plant, the entry of ``4``)."""
    play = _PLAYS.get(card)
    if play is None:
        play = _PLAYS[card] = Play(card)
    return play


class WarmCacheState(HiddenHighState):
    def _legal_actions(self) -> list[Action]:
        return [_shared_play(a.card) if isinstance(a, Play) else a for a in super()._legal_actions()]

    def _copy(self) -> WarmCacheState:
        other = super()._copy()
        other.__class__ = WarmCacheState
        return other


class WarmCache(HiddenHigh):
    """Warms its action cache with the raw value a client sent, before the
    core has checked it: a refused ``{"card": 4.0}`` leaves ``Play(4.0)``
    in the cache, and every game in the process then lists it."""

    id = "warm-cache-high"

    def action_from_json(self, obj: Any) -> Action:
        if isinstance(obj, dict) and obj.get("type") == "play":
            with contextlib.suppress(TypeError):  # unhashable
                _shared_play(obj.get("card"))
        return super().action_from_json(obj)

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return WarmCacheState(self, players, seed, options)


def test_kit_fuzzer_catches_a_cache_that_input_reaches() -> None:
    register_game(WarmCache.id, WarmCache)
    _PLAYS.clear()

    class Suite(ConformanceSuite):
        game_id = WarmCache.id
        deep_games = 2

    try:
        with pytest.raises(AssertionError, match="changed the legal moves"):
            Suite().fuzz_malformed_moves(300)
    finally:
        _PLAYS.clear()


class BadRedealState(HiddenHighState):
    """The bottom card of the deck is dealt face up for all to see, and
    stays the bottom card; a re-deal must leave it there."""

    def observation(self, player):  # type: ignore[no-untyped-def]
        seen = super().observation(player)
        seen["deck_bottom"] = self.deck[-1:]
        return seen

    def known_zones(self, player: int) -> dict[str, Any]:
        return {"deck.bottom:1": self.deck[-1:]}

    def zones(self, names: Sequence[str]) -> dict[str, Any]:
        return {name: self.deck[-1:] for name in names if name == "deck.bottom:1"}

    def _copy(self) -> BadRedealState:
        other = super()._copy()
        other.__class__ = type(self)
        return other

    # _redeal is HiddenHigh's: it shuffles the whole deck, known bottom included


class GoodRedealState(BadRedealState):
    def _redeal(self, player: int) -> None:
        bottom = self.deck[-1:]
        del self.deck[-1:]
        super()._redeal(player)
        self.deck.extend(bottom)


class BadRedeal(HiddenHigh):
    id = "bad-redeal-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return BadRedealState(self, players, seed, options)


class GoodRedeal(HiddenHigh):
    id = "good-redeal-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return GoodRedealState(self, players, seed, options)


def test_kit_catches_a_redeal_that_moves_a_card_the_seat_saw() -> None:
    register_game(BadRedeal.id, BadRedeal)
    register_game(GoodRedeal.id, GoodRedeal)

    class Bad(ConformanceSuite):
        game_id = BadRedeal.id
        redeal_games = 2

    class Good(ConformanceSuite):
        game_id = GoodRedeal.id
        redeal_games = 2

    with pytest.raises(AssertionError, match="a zone the seat knows was re-dealt"):
        Bad().test_redeals_keep_what_a_seat_has_seen()
    Good().test_redeals_keep_what_a_seat_has_seen()
    Good().test_observations_hide_what_a_seat_cannot_see()


class DeafState(HiddenHighState):
    """Plays a move whoever sends it: the seat check forgotten."""

    def apply(self, action: Action, player: int | None = None) -> None:
        super().apply(action)

    def _copy(self) -> DeafState:
        other = super()._copy()
        other.__class__ = DeafState
        return other


class Deaf(HiddenHigh):
    id = "deaf-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return DeafState(self, players, seed, options)


def test_kit_fuzzer_catches_a_move_taken_from_the_wrong_seat() -> None:
    register_game(Deaf.id, Deaf)

    class Suite(ConformanceSuite):
        game_id = Deaf.id
        deep_games = 1

    with pytest.raises(AssertionError, match="was accepted"):
        Suite().fuzz_malformed_moves(300)


class UnpicklableState(HiddenHighState):
    """Keeps a local function: the state no longer pickles."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rule = lambda card: card  # a local object pickle cannot find

    def _copy(self) -> UnpicklableState:
        other = super()._copy()
        other.__class__ = UnpicklableState
        return other


class Unpicklable(HiddenHigh):
    id = "unpicklable-high"

    def _new_state(self, players, seed, options):  # type: ignore[no-untyped-def]
        return UnpicklableState(self, players, seed, options)


def test_kit_catches_a_state_that_does_not_pickle() -> None:
    register_game(Unpicklable.id, Unpicklable)

    class Suite(ConformanceSuite):
        game_id = Unpicklable.id
        deep_games = 1

    with pytest.raises((AttributeError, TypeError, pickle.PicklingError)):
        Suite().test_states_pickle_and_deepcopy()
