"""Dicey Farm's Japanese texts as a newcomer reads them (review of
2026-11-25): no Western space around full-width punctuation (the recruit
move read "他は入れ替え （このラウンドは誰も去らない）")."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.games.dicey_farm.helpers import farm

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


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_no_move_or_log_line_opens_with_a_number(lang: str) -> None:
    """The browser's log puts the player's name before a solo move's line:
    "Player 1 1 wheat → 1 food", "プレイヤー1 6 のダイスを取る" read as
    player 11 and player 16."""
    path = JA.with_name(f"{lang}.toml")
    catalog = tomllib.loads(path.read_text(encoding="utf-8"))["dicey_farm"]
    opens_with_number = re.compile(r"^(\d|\{(face|n|to|pips|vp|left|total|score|wheat|meat|fields|kept|need|short|food)\})")
    bad = {f"{section}.{key}": text for section in ("describe", "log") for key, text in catalog[section].items()
           if opens_with_number.match(text)}
    assert not bad, bad


def test_every_move_of_a_farm_opens_with_a_word() -> None:
    state = farm(dice=[6], goods={"wheat": 1})
    for lang in ("en", "ja"):
        for action in state.legal_actions():
            text = state.game.describe_action(action, lang)
            assert not text[0].isdigit(), text
