"""``examples/pgx_ppo_filthy_rich.py`` (issue 46): pgx's training loop with
Filthy Rich for 3 players swapped in trains, and swapping in another game is
one line.

The script is run from its own source at tiny sizes: as written (Filthy
Rich, 3 players), then with only its ``ENV = ...`` line replaced by Dicey
Farm and by one of pgx's own games, so nothing else in it may name a game.
Each run compiles its game's step once (the evaluation reuses the training
rollout); Filthy Rich's takes the better part of a minute on a 2-core CPU.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("optax")
pytest.importorskip("pgx")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "pgx_ppo_filthy_rich.py"
LINE = 'ENV = make("filthy-rich", num_players=3)'
ENV_LINE = re.compile(r"^ENV = .*$", flags=re.M)
TINY = [
    "--iterations",
    "2",
    "--envs",
    "4",
    "--steps",
    "8",
    "--epochs",
    "2",
    "--minibatches",
    "2",
    "--hidden",
    "16",
    "--eval-games",
    "4",
]


def example(env_line: str = LINE) -> ModuleType:
    """The script as a module, its ``ENV`` line replaced by ``env_line``."""
    source = EXAMPLE.read_text(encoding="utf-8")
    assert ENV_LINE.findall(source) == [LINE], "the example must make its env in exactly one line"
    module = ModuleType(f"pgx_ppo_example_{abs(hash(env_line))}")
    module.__file__ = str(EXAMPLE)
    sys.modules[module.__name__] = module  # dataclasses looks its module up while the class is made
    try:
        exec(compile(ENV_LINE.sub(env_line, source), str(EXAMPLE), "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


def trains(result: dict[str, Any], moves: int) -> None:
    """A run that learned something: finite losses, parameters moved, both evaluations made."""
    assert np.isfinite(np.asarray(result["losses"])).all(), result["losses"]
    moved = jax.tree.map(
        lambda a, b: bool((np.asarray(a) != np.asarray(b)).any()),
        result["initial"],
        result["params"],
    )
    assert all(jax.tree.leaves(moved)), "every layer should have changed"
    assert result["moves"] == moves
    for when in ("before", "after"):
        ev = result[when]
        assert ev["games"] == 4 and 0 <= ev["finished"] <= 4
        assert ev["finished"] == 0 or math.isfinite(ev["mean"])


def test_the_example_trains_on_filthy_rich_for_three_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = example()
    assert (module.ENV.id, module.ENV.num_players) == ("filthy-rich", 3)
    result = module.main(TINY)
    trains(result, moves=2 * 4 * 8)
    # a near-uniform policy against random players: every game of Filthy Rich ends (in 2,000 moves)
    assert result["before"]["finished"] == 4
    out = capsys.readouterr().out
    assert "untrained policy: win share vs random players" in out and "trained policy" in out


@pytest.mark.parametrize("env_line", ['ENV = make("dicey-farm")', 'ENV = pgx.make("tic_tac_toe")'])
def test_swapping_the_env_is_one_line(env_line: str, capsys: pytest.CaptureFixture[str]) -> None:
    result = example(env_line).main(TINY)
    trains(result, moves=2 * 4 * 8)
    out = capsys.readouterr().out
    assert ("mean return" if "dicey" in env_line else "win share") in out


def test_the_seat_lists_turn_round_and_back() -> None:
    """The value head lists seats from the seat to move; ``by_seat`` and ``from_seat`` convert."""
    module = example()
    rel = jax.numpy.asarray([[10.0, 11.0, 12.0], [20.0, 21.0, 22.0]])
    seat = jax.numpy.asarray([0, 2])
    absolute = module.by_seat(rel, seat)
    assert np.array_equal(
        absolute, [[10, 11, 12], [21, 22, 20]]
    )  # game 2: seat 2 is itself (20), seat 0 next (21)
    assert np.array_equal(module.from_seat(absolute, seat), rel)
