"""Issue 19: each game's rule decisions in both languages. The export carries
``RULES.md`` and ``RULES.ja.md`` (or the English text where a game has no
translation yet), and the rules page shows the one in the page's language
and switches with the language buttons."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import gameshelf
from gameshelf.web.export import GAMES, files

GAMES_DIR = Path(gameshelf.__file__).resolve().parent / "games"
TRANSLATED = sorted(p.parent for p in GAMES_DIR.glob("*/RULES.ja.md"))


def _headings(text: str, level: str) -> list[str]:
    return re.findall(rf"^{level} (.+)$", text, flags=re.MULTILINE)


def test_dicey_farm_and_above_and_below_have_a_japanese_copy() -> None:
    names = {p.name for p in TRANSLATED}
    assert {"dicey_farm", "above_and_below"} <= names


@pytest.mark.parametrize("folder", TRANSLATED, ids=lambda p: p.name)
def test_every_translation_keeps_the_english_structure(folder: Path) -> None:
    english = (folder / "RULES.md").read_text(encoding="utf-8")
    japanese = (folder / "RULES.ja.md").read_text(encoding="utf-8")
    assert len(_headings(japanese, "#")) == len(_headings(english, "#")) == 1
    assert len(_headings(japanese, "##")) == len(_headings(english, "##")), folder.name
    assert japanese != english
    assert re.search(r"[\u3040-\u30ff]", japanese), "the translation is written in Japanese"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_export_gives_each_language_its_own_document(game_id: str) -> None:
    rules = json.loads(files()[f"{game_id}.json"])["rules_md"]
    folder = GAMES_DIR / game_id.replace("-", "_")
    assert rules["en"] == (folder / "RULES.md").read_text(encoding="utf-8")
    ja = folder / "RULES.ja.md"
    assert rules["ja"] == (ja.read_text(encoding="utf-8") if ja.is_file() else rules["en"])


def test_rules_page_shows_the_japanese_document_and_switches(browser: Any, server: str) -> None:
    ja_heading = _headings((GAMES_DIR / "dicey_farm" / "RULES.ja.md").read_text(encoding="utf-8"), "##")[0]
    en_heading = _headings((GAMES_DIR / "dicey_farm" / "RULES.md").read_text(encoding="utf-8"), "##")[0]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('gameshelf.lang', 'ja')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/#/rules/dicey-farm")
        page.wait_for_selector(".rules-decisions .rules-md", state="attached")
        page.click(".rules-decisions summary")  # folded until opened
        page.wait_for_selector(".rules-decisions .rules-md")
        decisions = page.locator(".rules-decisions")
        assert decisions.locator("h3", has_text=ja_heading).count() == 1
        assert decisions.locator("h3", has_text=en_heading).count() == 0
        assert decisions.locator(".banner").count() == 0  # translated: no "written in English" note
        assert page.get_attribute(".rules-md", "lang") == "ja"
        page.click('button.lang-btn[data-lang="en"]')
        page.wait_for_selector('.rules-md[lang="en"]', state="attached")
        decisions = page.locator(".rules-decisions")
        assert decisions.locator("h3", has_text=en_heading).count() == 1
        assert decisions.locator("h3", has_text=ja_heading).count() == 0
        page.click('button.lang-btn[data-lang="ja"]')
        page.wait_for_selector('.rules-md[lang="ja"]', state="attached")
        assert page.locator(".rules-decisions h3", has_text=ja_heading).count() == 1
        assert not errors, errors
    finally:
        context.close()


def test_a_game_without_a_translation_shows_english_with_a_note(browser: Any, server: str) -> None:
    """A game whose export has no Japanese copy (``ja`` is the English text)
    shows the English document in Japanese, with the note saying so."""
    data = json.loads(files()["dicey-farm.json"])
    data["rules_md"]["ja"] = data["rules_md"]["en"]
    en_heading = _headings(data["rules_md"]["en"], "##")[0]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('gameshelf.lang', 'ja')")
    context.route("**/data/dicey-farm.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(data, ensure_ascii=False)))
    page = context.new_page()
    try:
        page.goto(f"{server}/#/rules/dicey-farm")
        page.wait_for_selector('.rules-decisions .rules-md[lang="en"]', state="attached")
        decisions = page.locator(".rules-decisions")
        assert decisions.locator("h3", has_text=en_heading).count() == 1
        note = json.loads(files()["i18n.ja.json"])["web.rules.english-only"]
        assert decisions.locator(".banner").text_content() == note
        page.click('button.lang-btn[data-lang="en"]')
        page.wait_for_selector('.rules-decisions .rules-md[lang="en"]', state="attached")
        assert page.locator(".rules-decisions .banner").count() == 0
    finally:
        context.close()
