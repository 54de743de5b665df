"""The one public description of a move (issue 16, section 4)."""

from __future__ import annotations

import json

import pytest

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.filthy_rich.actions import Bid, DiscardCard, PlayCard
from tests.games.filthy_rich.helpers import card, new

GAME = load_game("filthy-rich")



@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_move_has_a_public_sentence(lang: str) -> None:
    moves = [GAME.action_from_id(i) for i in range(GAME.num_distinct_actions)]
    for action in [*moves, Bid(7), PlayCard(10**6)]:
        text = GAME.describe_public(action, 1, lang)
        assert text.strip() and "filthy_rich." not in text, (action, text)


def test_the_sentence_names_the_card_the_table_sees() -> None:
    """「カードを上向きにして、捨て札として下さい」: a discarded card lies face up, so
    the others may read its name."""
    lawsuit = card("lawsuit")
    assert GAME.describe_public(DiscardCard(lawsuit), 0, "en") == "discards Lawsuit and takes $1"
    assert "「" in GAME.describe_public(PlayCard(lawsuit), 0, "ja")
    assert GAME.describe_public(Bid(0), 2, "en") == "bids the minimum"


def test_a_public_sentence_tells_nothing_a_spectator_cannot_see() -> None:
    """Along random games, every card a public sentence names is, right after the
    move, in a spectator's view (in play, pending or on the discard pile)."""
    checked = 0
    for seed in range(8):
        s = new(2 + seed % 4, 500 + seed)
        stream = Stream(derive_seed("fr-describe", seed))
        while not s.is_over and len(s.history) < 400:
            action = stream.choice(s.legal_actions())
            s.apply(action)
            named = getattr(action, "card", None)
            if named is not None:
                obs = s.observation(None)
                public = {*obs["discard"], *(c for own in obs["businesses"] for c in own),
                          *(c for own in obs["assets"] for c in own)}
                if obs["pending"] is not None:
                    public.add(obs["pending"])
                assert named in public, f"{action} names a card the spectator cannot see: {json.dumps(obs)[:200]}"
                checked += 1
    assert checked > 100
