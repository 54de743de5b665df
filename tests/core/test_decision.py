"""Every decision point of every game has a status-bar phrase, in English and
Japanese, built from public facts only (issue 25).

Random games visit every phase the rules reach; at each point the phrase
must exist in both catalogs (no fallback to the key, no unfilled ``{}``),
and a re-deal of what the mover's opponents cannot see must not change it.
"""

from __future__ import annotations

import random
import re

import pytest

from gameshelf.core import i18n
from gameshelf.core.registry import load_game

#: (game, seats, games played): enough games to reach every phase
CASES = [
    ("dicey-farm", 1, 6),
    ("filthy-rich", 3, 6),
    ("pay-dirt", 3, 3),
    ("above-and-below", 2, 3),
]

#: phases every game must have reached in the games above (a phrase per phase)
PHASES = {
    "dicey-farm": {"main", "die", "sow", "ship", "contract", "recruit", "build", "tour"},
    "filthy-rich": {"turn", "place", "target", "sell", "page"},
    "pay-dirt": {"auction", "bidding", "acquire", "gear", "work", "draft"},
    "above-and-below": {"turn", "assign", "option", "dice", "rest"},
}

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
ASCII_WORD = re.compile(r"[A-Za-z]{3,}")


def _check_phrase(state, seen: set[str]) -> None:
    decision = state.decision()
    assert decision is not None, f"no phrase in phase {state.phase}"
    assert i18n.has(decision.key, "en") and i18n.has(decision.key, "ja"), decision.key
    en, ja = decision.text("en"), decision.text("ja")
    for text in (en, ja):
        assert text.strip() and "{" not in text and decision.key not in text, (decision, text)
    assert not JAPANESE.search(en), en
    # names of equipment models ("FX-210") may stay Latin; words may not
    leftover = [w for w in ASCII_WORD.findall(ja) if not w.isupper()]
    assert not leftover, (ja, leftover)
    assert decision.to_json("ja")["text"] == ja
    seen.add(state.phase)


@pytest.mark.parametrize(("game_id", "players", "games"), CASES)
def test_every_decision_point_has_a_phrase(game_id: str, players: int, games: int) -> None:
    game = load_game(game_id)
    seen: set[str] = set()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(players, seed)
        steps = 0
        while not state.is_over:
            _check_phrase(state, seen)
            mover = state.current_player
            if steps % 7 == 0 and players > 1:
                # what the others cannot see is not in the phrase
                other = (mover + 1) % players
                redealt = state.determinize(other, seed + steps)
                assert redealt.decision() == state.decision(), state.phase
            state.apply(rng.choice(state.legal_actions()), mover)
            steps += 1
        assert state.decision() is None
    missing = PHASES[game_id] - seen
    assert not missing, f"phases never reached: {missing}"


def test_every_dicey_farm_phase_has_a_phrase() -> None:
    """The phases random play rarely reaches (the oven, the slaughter) too:
    each phase of the rules' table, set on a fresh farm."""
    from gameshelf.games.dicey_farm.rules.legal import LEGAL

    state = load_game("dicey-farm").new_game(1, 0)
    seen: set[str] = set()
    for phase in LEGAL:
        copy = state.clone()
        copy.phase, copy.left, copy.held = phase, 2, 3
        _check_phrase(copy, seen)
    assert seen == set(LEGAL)


def test_decision_catalogs_match() -> None:
    """Every status-bar phrase exists in both languages with the same fields."""
    fields = re.compile(r"{(\w+)")
    en = {k: v for k, v in i18n.catalog("en").items() if ".decision." in k}
    ja = {k: v for k, v in i18n.catalog("ja").items() if ".decision." in k}
    assert en and set(en) == set(ja)
    for key, text in en.items():
        assert set(fields.findall(text)) == set(fields.findall(ja[key])), key
