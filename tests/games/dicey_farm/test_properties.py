"""Laws over many random games (on top of the conformance kit's own 500):
the rules never create or destroy what they should not, every list of
choices stays short, every game ends."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.state import DiceyFarmState
from tests.games.dicey_farm.helpers import GAME

C = components()
GAMES = 500


def monotone(s: DiceyFarmState) -> tuple[int, ...]:
    """Quantities that only ever grow: fields, VP by source, beggars, facilities, contracts."""
    return (s.fields, *s.vp.values(), s.beggars, len(s.built), len(s.hired), len(s.gone), len(s.rolled))


def test_random_games_keep_the_laws() -> None:
    longest = 0
    for seed in range(GAMES):
        options = {"daily": f"2026-01-{seed % 28 + 1:02d}"} if seed % 5 == 0 else {}
        s = GAME.new_game(1, seed, options)
        stream = Stream(derive_seed("props", seed))
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            longest = max(longest, len(legal))
            before = monotone(s)
            dice_before = len(s.dice)
            action = stream.choice(legal)
            s.apply_unchecked(action)
            steps += 1
            assert steps < 2_000, f"seed {seed}: the game does not end"
            after = monotone(s)
            assert all(b >= a for a, b in zip(before, after, strict=True)), f"seed {seed}: {action} shrank {before} -> {after}"
            if isinstance(action, A.PickDie | A.Back | A.Modify | A.ToFood | A.Cook):
                assert len(s.dice) == dice_before, f"seed {seed}: {action} changed the number of dice"
            assert len(s.dice) <= C.dice(s.round) + 2
            s.check_invariants()
        assert s.final is not None and len(s.rolled) == 8
        assert s.scores()[0] == sum(v for k, v in s.final.items() if k != "ignored_beggars")
    assert longest <= 40, f"a list of {longest} choices is not short"


def test_perishables_are_gone_after_every_round_end() -> None:
    """「次の商品は、ラウンド終了時に腐り、消滅します … 食料、魚、野菜、花、肉、卵、牛乳」."""
    for seed in range(100):
        s = GAME.new_game(1, seed)
        stream = Stream(derive_seed("rot", seed))
        smoked = C.smoked
        while not s.is_over:
            action = stream.choice(s.legal_actions())
            s.apply(action)
            if isinstance(action, A.EndRound):
                keep = smoked if "smokehouse" in s.built else frozenset()
                assert all(v == 0 for k, v in s.leftover.items() if k not in keep)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=150),
       daily=st.booleans())
def test_any_line_of_play_keeps_the_laws(seed: int, picks: list[int], daily: bool) -> None:
    """Hypothesis drives the choices: every listed move applies (checked), keeps
    the invariants, and a record of the line replays to the same position."""
    from gameshelf.core.record import replay

    s = GAME.new_game(1, seed, {"daily": "2026-05-05"} if daily else {})
    for pick in picks:
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[pick % len(legal)])
        s.check_invariants()
    assert replay(s.record()).snapshot() == s.snapshot()
