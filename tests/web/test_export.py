"""The client's data files: every game exports, the client's own strings
exist in English and Japanese with the same placeholders, and the served
data matches what the export writes."""

from __future__ import annotations

import json
import re

import pytest

from gameshelf.core.registry import load_game
from gameshelf.web import WEB_DIR, data_file
from gameshelf.web.export import GAMES, files, web_catalog

PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)")


def test_web_strings_match_between_languages() -> None:
    en, ja = web_catalog("en"), web_catalog("ja")
    assert set(en) == set(ja)
    for key in en:
        assert set(PLACEHOLDER.findall(en[key])) == set(PLACEHOLDER.findall(ja[key])), key


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_exports_its_facts_and_rules(game_id: str) -> None:
    data = json.loads(files()[f"{game_id}.json"])
    assert set(data["rules_md"]) == {"en", "ja"}
    assert all(text.startswith("#") for text in data["rules_md"].values())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_exports_its_meta_from_the_registry(game_id: str) -> None:
    """The client reads a game's player counts and engine facts from
    ``meta``, written from :meth:`Game.meta`, never from its own copy."""
    data = json.loads(files()[f"{game_id}.json"])
    assert data["meta"] == load_game(game_id).meta()
    assert data["meta"]["id"] == game_id


def test_meta_carries_the_facts_the_client_used_to_hard_code() -> None:
    from gameshelf.games.dicey_farm.actions import DIE_ACTIONS
    from gameshelf.games.pay_dirt.components import TARGETS

    farm = json.loads(files()["dicey-farm.json"])["meta"]
    assert farm["board_actions"] == list(DIE_ACTIONS) and farm["default_players"] == 1
    gear = json.loads(files()["pay-dirt.json"])["meta"]["gear_target"]
    assert TARGETS[gear] == "claim_gear" and TARGETS[gear + 1] == "camp_gear"
    scripts = "".join(p.read_text(encoding="utf-8") for p in (WEB_DIR / "js").rglob("*.js"))
    for copied in ("BOARD_ACTIONS", "GEAR_TARGET", '=== "dicey-farm" ? 1'):
        assert copied not in scripts, f"an engine fact is copied into the client: {copied}"


def test_catalogue_has_games_and_client_strings() -> None:
    for lang in ("en", "ja"):
        catalog = json.loads(files()[f"i18n.{lang}.json"])
        assert catalog["web.table.your-turn"]
        assert catalog["dicey_farm.name"]


def test_data_file_serves_exactly_the_export_and_nothing_else() -> None:
    assert data_file("i18n.ja.json") == files()["i18n.ja.json"].encode("utf-8")
    assert data_file("../secret") is None
    assert data_file(3) is None  # type: ignore[arg-type]


def test_committed_catalogues_carry_the_client_strings_as_written() -> None:
    """The client's own strings in the committed ``data/i18n.*.json`` are the
    locale files' (run ``python -m gameshelf.web.export`` after editing them).
    Game strings are not compared: other packages change them, and a server
    mounting ``gameshelf.web.data_app()`` serves them live."""
    for lang in ("en", "ja"):
        committed = json.loads((WEB_DIR / "data" / f"i18n.{lang}.json").read_text(encoding="utf-8"))
        assert {k: v for k, v in committed.items() if k.startswith("web.")} == web_catalog(lang)


def test_every_client_string_the_scripts_name_exists() -> None:
    """Each literal ``w("section.key")`` in the client's scripts has an entry
    in both languages (keys built at run time are covered by the browser tests).
    The key may sit on the next line: Biome breaks a long call after its ``(``."""
    used = set()
    for script in (WEB_DIR / "js").rglob("*.js"):
        used |= set(re.findall(r"""\bw\(\s*["']([a-z0-9.-]+)["']""", script.read_text(encoding="utf-8")))
    assert len(used) > 50
    for lang in ("en", "ja"):
        catalog = web_catalog(lang)
        assert not sorted(k for k in used if f"web.{k}" not in catalog), lang
