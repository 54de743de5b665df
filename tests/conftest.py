"""Registers the tiny test game for every test that needs it, and gives each
test the default language."""

import os
from collections.abc import Iterator

import pytest

from gameshelf.core import i18n
from gameshelf.core.registry import register_game
from tests.tiny_game import HiddenHigh

register_game(HiddenHigh.id, HiddenHigh)
# Servers the tests start as processes (crash, races, scale-out) analyse no
# finished games (issue 26's background job): those seconds of CPU would be
# taken from the tests beside them. The tests of analysis set their own budget.
os.environ.setdefault("GAMESHELF_ANALYSIS_BUDGET", "0")


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Why: a test that runs a command with ``--lang ja`` in this process sets
    the process-wide language; without this, the next test on the same
    worker would read Japanese where it asked for no language at all."""
    yield
    i18n.set_language(None)
