"""Every Filthy Rich test runs with strict catalogues: a missing key raises
instead of showing the key, so a text missing in en or ja fails a test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def strict_i18n(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_STRICT_I18N", "1")
