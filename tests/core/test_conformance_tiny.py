"""The conformance kit, proven on the tiny game (and shown to catch bugs)."""

from __future__ import annotations

import pytest

from gameshelf.core.registry import register_game
from gameshelf.testing import ConformanceSuite
from tests.tiny_game import HiddenHigh, HiddenHighState


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
