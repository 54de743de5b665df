"""The vendored art (issue 25): every good, animal, crop, building,
facility, machine, tile, villager, card type and action of the four games
has a picture in its game's data/art.toml, each picture is in the vendored
sprite, the licences are there, and the vendored typeface covers the
Japanese texts. No browser needed."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from gameshelf.core import i18n
from gameshelf.core.i18n import catalog
from gameshelf.core.registry import shipped_games

WEB = Path(__file__).resolve().parents[2] / "src" / "gameshelf" / "web"
VENDOR = WEB / "vendor"


def _map() -> dict[str, dict[str, dict[str, str]]]:
    return json.loads((VENDOR / "pictures.json").read_text(encoding="utf-8"))


def _data(game: str) -> dict:
    return json.loads((WEB / "data" / f"{game}.json").read_text(encoding="utf-8"))


def _keys(prefix: str) -> set[str]:
    """The middle part of catalogue keys `prefix.<thing>[.…]`."""
    return {k[len(prefix):].split(".")[0] for k in catalog("en") if k.startswith(prefix)}


def test_the_client_map_is_the_toml_map() -> None:
    raw = tomllib.loads((WEB / "art" / "pictures.toml").read_text(encoding="utf-8"))
    shipped = _map()
    assert shipped["common"]["misc"] == raw["common"]
    for game_id in shipped_games():
        package = i18n.namespace(game_id)
        art = WEB.parent / "games" / package / "data" / "art.toml"
        assert art.is_file(), f"{game_id}: no data/art.toml (which picture stands for each thing)"
        # a game that names no pictures yet (a new one) needs no vendoring
        assert shipped.get(package, {}) == tomllib.loads(art.read_text(encoding="utf-8")), (
            f"{game_id}: run scripts/vendor_art.py after editing data/art.toml")


def test_every_thing_of_every_game_has_a_picture() -> None:
    m = _map()
    df, fr, pd, ab = _data("dicey-farm"), _data("filthy-rich"), _data("pay-dirt"), _data("above-and-below")
    wanted = {
        ("dicey_farm", "good"): _keys("dicey_farm.good."),
        ("dicey_farm", "crop"): set(df["crops"]),
        ("dicey_farm", "facility"): set(df["facilities"]),
        ("dicey_farm", "craftsman"): _keys("dicey_farm.craftsman."),
        ("dicey_farm", "action"): _keys("dicey_farm.action."),
        ("filthy_rich", "kind"): {c["kind"] for c in fr["cards"]},
        ("filthy_rich", "luxury"): {x["key"] for x in fr["luxuries"]},
        ("pay_dirt", "machine"): {e["machine"] for e in pd["equipment"]},
        ("pay_dirt", "tile"): {k for c in pd["claims"] for k in c["tiles"]},
        ("pay_dirt", "gear"): {g["key"] for g in pd["gear"]},
        ("pay_dirt", "row"): {"equipment", "personnel", "claims"},
        ("above_and_below", "good"): {b["good"] for b in ab["buildings"].values() if b["good"]} | {"potion", "cider"},
        ("above_and_below", "category"): {b["category"] for b in ab["buildings"].values()},
        ("above_and_below", "villager"): {v["type"] for v in ab["villagers"]},
        ("above_and_below", "action"): {"explore", "build", "harvest", "labor", "train"},
    }
    for (game, kind), things in wanted.items():
        assert things, (game, kind)
        missing = sorted(things - set(m[game][kind]))
        assert not missing, f"{game}.{kind} without a picture: {missing}"


def test_every_mapped_picture_is_in_the_sprite_with_its_licence() -> None:
    sprite = (VENDOR / "game-icons.svg").read_text(encoding="utf-8")
    symbols = set(re.findall(r'<symbol id="gi-([a-z0-9-]+)"', sprite))
    used = {name for kinds in _map().values() for things in kinds.values() for name in things.values()}
    assert used <= symbols, sorted(used - symbols)
    attribution = (VENDOR / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "CC BY 3.0" in attribution and "game-icons.net" in attribution
    assert all(name in attribution for name in used)
    assert "SIL Open Font License" in (VENDOR / "OFL.txt").read_text(encoding="utf-8")


def test_the_typeface_is_vendored_woff2_for_latin_and_the_japanese_texts() -> None:
    css = (VENDOR / "fonts" / "fonts.css").read_text(encoding="utf-8")
    files = re.findall(r"url\(\./([^)]+)\)", css)
    assert files and all(f.endswith(".woff2") and (VENDOR / "fonts" / f).is_file() for f in files)
    assert not re.search(r"https?://", css.split("*/", 1)[1])  # no CDN
    assert {"m-plus-rounded-1c-latin-400-normal.woff2", "m-plus-rounded-1c-latin-700-normal.woff2"} <= set(files)
    ranges = []
    for spec in re.findall(r"unicode-range:\s*([^;]+);", css):
        for part in spec.split(","):
            lo, _, hi = part.strip().removeprefix("U+").partition("-")
            ranges.append((int(lo, 16), int(hi or lo, 16)))
    text = "".join(catalog("ja").values())
    kana_kanji = {c for c in text if "\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff"}
    covered = {c for c in kana_kanji if any(lo <= ord(c) <= hi for lo, hi in ranges)}
    # new texts may bring a few new kanji (shown in the system's font until the
    # script is run again); all kana and nearly every kanji are the face's
    assert {c for c in kana_kanji if c <= "\u30ff"} <= covered
    assert len(covered) >= 0.97 * len(kana_kanji), sorted(kana_kanji - covered)[:40]
    size = sum((VENDOR / "fonts" / f).stat().st_size for f in files)
    assert size < 3_000_000  # a subset, not the 40 MB face
