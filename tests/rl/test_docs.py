"""The documentation's examples run as written: every ```python block of the
site's pages (docs/**/*.md) and of the README, and the research pages' slot
tables are exactly what the encoders write (tests/rl/test_encoding.py)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
TENSORS = ROOT / "docs" / "research" / "tensors.md"


@cache
def research_text() -> str:
    """The generated slot tables' page (kept equal to the encoders)."""
    return TENSORS.read_text(encoding="utf-8")


def python_blocks() -> list[tuple[str, str]]:
    """(page, code) of every ```python block in the docs."""
    found = []
    for page in PAGES:
        for block in re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S):
            found.append((str(page.relative_to(ROOT)), block))
    return found


LIBRARIES = ("gymnasium", "pettingzoo", "pyspiel", "jax")


def test_the_research_pages_have_one_example_per_library() -> None:
    blocks = [code for page, code in python_blocks() if page.startswith("docs/research/")]
    for library in ("gymnasium", "pettingzoo", "pyspiel"):
        assert any(f"import {library}" in b or f"rl.{library}" in b for b in blocks), library


@pytest.mark.parametrize(("page", "code"), python_blocks(), ids=lambda v: v if v.endswith(".md") else "")
def test_each_example_runs_as_written(page: str, code: str) -> None:
    for library in LIBRARIES:
        if library in code:
            pytest.importorskip(library)
    exec(compile(code, f"{page}:block", "exec"), {"__name__": "__docs__"})
