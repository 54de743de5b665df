"""Re-deals respect what a seat has seen (issue 16, section 2).

「カードがなくなった場合は、捨て札の山を切り直して山札にしてください。」
(When the deck runs out, shuffle the discard pile into a new deck.) The discard
pile lies face up (「カードを上向きにして、捨て札として下さい」), so after a
reshuffle every seat knows which cards the new deck was made of: a re-dealt
world may not put a card from before the reshuffle into the deck, and each hand
keeps as many cards of each reshuffle as it really holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.filthy_rich.rules.deck import draw
from gameshelf.games.filthy_rich.state import FilthyRichState
from gameshelf.testing import random_playout
from tests.games.filthy_rich.helpers import new


def _after_reshuffles(games: int = 6, every: int = 7) -> Iterator[FilthyRichState]:
    """States of random games, sampled once at least one reshuffle happened."""
    for seed in range(games):
        state = new(3 + seed % 3, 300 + seed)
        stream = Stream(derive_seed("fr-redeal", seed))
        for after, _ in random_playout(state, stream, 20_000):
            if after.reshuffles and not after.is_over and len(after.history) % every == 0:
                yield after


def _check(state: FilthyRichState, seeds: range = range(3)) -> None:
    """The re-deal law the conformance kit states: for every seat, the zones
    it knows agree with the real state and with every re-dealt copy."""
    for seat in range(state.players):
        known = state.known_zones(seat)
        assert state.zones(list(known)) == known, f"seat {seat + 1} knows something false"
        for seed in seeds:
            twin = state.determinize(seat, seed)
            got = twin.zones(list(known))
            assert got == known, f"seat {seat + 1}, re-deal {seed}: {got} is not {known}"


def _pooled_redeal(s: FilthyRichState, player: int) -> None:
    """The re-deal before the fix: deck and other hands in one pool."""
    unseen = sorted([*s.deck, *(c for p, h in enumerate(s.hands) if p != player for c in h)])
    s.rng["deal"].shuffle(unseen)
    for p, hand in enumerate(s.hands):
        if p != player:
            s.hands[p] = sorted(unseen[: len(hand)])
            del unseen[: len(hand)]
    s.deck = unseen


def _fails(check: Callable[[FilthyRichState], None], state: FilthyRichState) -> bool:
    try:
        check(state)
    except AssertionError:
        return True
    return False


def test_redeals_keep_every_known_zone_after_reshuffles() -> None:
    checked = 0
    for state in _after_reshuffles():
        _check(state)
        checked += 1
    assert checked >= 50


def test_the_check_catches_a_pooled_redeal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The law is strong enough: a re-deal that pools the deck with the hands
    (what the game did before) breaks it on most states after a reshuffle."""
    monkeypatch.setattr(FilthyRichState, "_redeal", _pooled_redeal)
    states = list(_after_reshuffles(games=3))
    caught = sum(_fails(_check, s) for s in states)
    assert caught > len(states) // 2, f"only {caught} of {len(states)} caught"


def test_after_a_reshuffle_the_deck_holds_only_the_old_discard_pile() -> None:
    """Scenario: player 1 draws the last card and then one from the deck the
    discard pile became. In player 2's re-dealt worlds the deck holds only
    cards of that pile, and player 3's hand none of them."""
    s = new(3, 7)
    s.discard.extend(s.deck[:-1])
    del s.deck[:-1]
    pile = set(s.discard)
    draw(s, 0, 2)
    assert s.reshuffles == 1 and set(s.deck) < pile
    s.check_invariants()
    for seed in range(20):
        twin = s.determinize(1, seed)
        assert isinstance(twin, FilthyRichState)
        assert set(twin.deck) <= pile, "a card from before the reshuffle went into the deck"
        assert not set(twin.hands[2]) & pile, "player 3 drew nothing since the reshuffle"
        assert len(set(twin.hands[0]) & pile) == 1, "player 1 drew one card of the new deck"
        twin.check_invariants()
