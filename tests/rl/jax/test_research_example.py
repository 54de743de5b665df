"""docs/research/jax.md's PPO example on Dicey Farm/JAX runs as written.

The block is fenced ``py`` (not ``python``) so that the guide's generic
example runner leaves it alone: at its own settings it trains for minutes.
Here it runs exactly as written but with its two lines of settings shrunk.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

DOC = Path(__file__).resolve().parents[3] / "docs" / "research" / "jax.md"
TINY = {
    "ENVS, STEPS, ITERATIONS, EVAL_GAMES, EVAL_STEPS, SEED": "4, 8, 2, 4, 16, 0",
    "HIDDEN, LR, LAMBDA, CLIP, EPOCHS, REWARD_SCALE": "8, 1e-3, 0.95, 0.2, 1, 0.1",
}


def example() -> str:
    blocks = re.findall(r"```py\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    ppo = [b for b in blocks if "ENVS, STEPS, ITERATIONS" in b]
    assert ppo, "the PPO example is missing from docs/research/jax.md"
    return ppo[0]


def test_the_ppo_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    code = example()
    for names, values in TINY.items():
        line = re.compile(rf"^{re.escape(names)} = .*$", flags=re.M)
        assert line.search(code), f"the example no longer sets {names}"
        code = line.sub(f"{names} = {values}", code)
    exec(compile(code, f"{DOC}:ppo", "exec"), {"__name__": "__research__"})
    out = capsys.readouterr().out
    assert "untrained policy:" in out and "moves:" in out
