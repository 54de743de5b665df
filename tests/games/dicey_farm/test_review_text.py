"""Dicey Farm's Japanese texts as a newcomer reads them (review of
2026-11-25): no Western space around full-width punctuation (the recruit
move read "他は入れ替え （このラウンドは誰も去らない）")."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

JA = Path(__file__).resolve().parents[3] / "src" / "gameshelf" / "games" / "dicey_farm" / "locales" / "ja.toml"
STRAY_SPACE = re.compile(r" [（、。）]|[（、。] ")


def _texts(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _texts(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            yield f"{prefix}{key}", value


def test_no_space_around_full_width_punctuation() -> None:
    texts = dict(_texts(tomllib.loads(JA.read_text(encoding="utf-8"))))
    assert len(texts) > 100
    bad = {key: text for key, text in texts.items() if STRAY_SPACE.search(text)}
    assert not bad, bad
