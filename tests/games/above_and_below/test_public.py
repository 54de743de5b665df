"""Issue 16 §4: one public sentence per move (``Game.describe_public``), in
English and Japanese, that reveals nothing hidden."""

from __future__ import annotations

import random

import pytest

from gameshelf.core.registry import load_game
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.game import AboveAndBelow

GAME = load_game("above-and-below")


def _hidden_texts(game: AboveAndBelow, action: A.Choose) -> list[str]:
    """Every reward sentence of the chosen option, in both languages."""
    opt = game.book.paragraphs[action.paragraph].options[action.option]
    outcomes = [th.outcome for th in opt.thresholds] + ([opt.failure] if opt.failure else [])
    return [o.text[lang] for o in outcomes for lang in ("en", "ja")]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_move_has_one_public_sentence_that_hides_the_rewards(lang: str) -> None:
    """「報酬については読み上げないでください」: an option is described by its label and
    lantern values only; every kind of move gets its own sentence."""
    assert isinstance(GAME, AboveAndBelow)
    rng = random.Random(4)
    kinds: set[str] = set()
    for seed in range(3):
        state = GAME.new_game(2 + seed, seed)
        while not state.is_over:
            player = state.current_player
            assert player is not None
            action = rng.choice(state.legal_actions())
            words = GAME.describe_public(action, player, lang)
            assert words and "above_and_below." not in words and f"{player + 1}" in words, words
            assert "{" not in words, words
            if isinstance(action, A.Choose):
                label = GAME.book.paragraphs[action.paragraph].options[action.option].label[lang]
                assert label in words
                assert not [h for h in _hidden_texts(GAME, action) if h and h in words]
            kinds.add(action.kind)
            state.apply(action)
    assert {"act", "assign", "choose", "pass", "rest"} <= kinds


def test_the_sentence_names_what_the_table_sees() -> None:
    assert GAME.describe_public(A.Offer(1, 12), 0, "en") == (
        "Player 1 offers player 2 12 coins for the item on sale.")
    assert GAME.describe_public(A.Track("fruit"), 2, "ja") == "プレイヤー3はフルーツを成長トラックに置きました。"
    assert "Withdraw" not in GAME.describe_public(A.Withdraw(), 1, "en")
