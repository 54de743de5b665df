"""Catalogs: every key in both languages, with the same placeholders."""

from __future__ import annotations

import re
import tomllib

import pytest

from gameshelf.core import i18n
from gameshelf.core.errors import IllegalAction

PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")


def _catalog(folder, lang: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    path = folder / f"{lang}.toml"
    assert path.is_file(), f"missing {path}"
    return dict(i18n._flatten(tomllib.loads(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("package,folder", i18n.catalog_sources(), ids=lambda v: str(v))
def test_every_key_exists_in_every_language(package: str, folder) -> None:  # type: ignore[no-untyped-def]
    catalogs = {lang: _catalog(folder, lang) for lang in i18n.LANGUAGES}
    en = catalogs["en"]
    for lang, cat in catalogs.items():
        assert not set(en) - set(cat), f"{package or 'core'}: missing in {lang}: {sorted(set(en) - set(cat))}"
        assert not set(cat) - set(en), f"{package or 'core'}: missing in en: {sorted(set(cat) - set(en))}"
        for key, text in cat.items():
            assert text.strip(), f"{lang}:{key} is empty"
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[key])), (
                f"{lang}:{key} has other placeholders than en"
            )
    if package:
        stray = [k for k in en if not k.startswith(package + ".")]
        assert not stray, f"{package}: keys outside [{package}]: {stray[:5]}"


def test_language_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_LANG", "ja")
    i18n.set_language(None)
    assert i18n.current_language() == "ja"
    assert "手番" in i18n.t("errors.game-over")
    i18n.set_language("en")
    try:
        assert i18n.current_language() == "en"
        assert i18n.t("errors.game-over").startswith("The game is over")
    finally:
        i18n.set_language(None)
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_errors_speak_both_languages() -> None:
    err = IllegalAction("not-your-turn", {"player": 2, "current": 1})
    assert err.code == "not-your-turn"
    assert "player 1" in err.message_in("en")
    assert "プレイヤー1" in err.message_in("ja")


def test_key_parameters_are_translated() -> None:
    assert i18n.t("errors.unknown-game", "ja", game="@errors.game-over").startswith("ゲームは終了")


def test_missing_key_falls_back_without_crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GAMESHELF_STRICT_I18N", raising=False)
    assert i18n.t("no.such.key", "ja") == "no.such.key"
    monkeypatch.setenv("GAMESHELF_STRICT_I18N", "1")
    with pytest.raises(i18n.MissingKey):
        i18n.t("no.such.key", "ja")


def test_per_language_parameter_values() -> None:
    text = {"en": "the deep bazaar", "ja": "地底の市場"}
    assert "the deep bazaar" in i18n.t("errors.unknown-game", "en", game=text)
    assert "地底の市場" in i18n.t("errors.unknown-game", "ja", game=text)


def test_several_seats_are_named_one_by_one_in_each_language() -> None:
    """Pay Dirt's draft order and tie-breaks list seats; front ends put
    people's names in place of "Player N", so each seat is named whole
    ("players 3, 1" became "Carol, 1")."""
    from gameshelf.core.i18n import seat_list, t

    order = seat_list([2, 0])
    assert order == {"en": "Player 3, Player 1", "ja": "プレイヤー3、プレイヤー1"}
    assert t("pay_dirt.log.tie", "ja", gold=2, players=order).startswith("プレイヤー3、プレイヤー1は")
    assert "among Player 3, Player 1:" in t("pay_dirt.log.tie", "en", gold=2, players=order)
