#!/usr/bin/env python3
"""Vendor the browser client's pictures and typeface into the package.

The client draws with Game Icons (CC BY 3.0, npm `@iconify-json/game-icons`)
and writes with M PLUS Rounded 1c (SIL OFL 1.1, npm
`@fontsource/m-plus-rounded-1c`), one rounded face for English and Japanese.
Nothing is fetched when a page is served: this script takes the npm packages
once (`npm pack`, or tarballs given with --icons/--font), keeps only what the
client uses and writes it under `src/gameshelf/web/vendor/`:

- `game-icons.svg`: a sprite with one <symbol id="gi-NAME"> per icon named in
  `web/art/pictures.toml` (what every table shows) and each game's
  `data/art.toml` (the picture of every good, animal, building ...);
- `pictures.json`: that map, game -> kind -> thing -> icon name, for
  `js/pictures.js`;
- `fonts/*.woff2` + `fonts/fonts.css`: weights 400 and 700, the Latin file and
  only those Japanese unicode-range files that hold a character of the
  Japanese texts (web/data/*.json, web/locales/ja*.toml): the whole face is
  ~40 MB, the pages need a few hundred KB;
- `ATTRIBUTION.md`, `OFL.txt`: whose work this is and under which licence.

Run it again after the Japanese texts change (new kanji) or pictures.toml
or a game's art.toml changes:  `python scripts/vendor_art.py`  (needs `npm`; ~45 MB download).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "gameshelf" / "web"
VENDOR = WEB / "vendor"
GAMES = WEB.parent / "games"
ICONS_PKG = "@iconify-json/game-icons@1.2.4"
FONT_PKG = "@fontsource/m-plus-rounded-1c@5.3.0"
FAMILY = "M PLUS Rounded 1c"
WEIGHTS = (400, 700)


def npm_pack(spec: str, into: Path) -> Path:
    """Download one npm package's tarball (the registry's ordinary client)."""
    out = subprocess.run(["npm", "pack", spec, "--silent"], cwd=into, check=True, capture_output=True, text=True)
    return into / out.stdout.strip().splitlines()[-1]


def unpack(tgz: Path, into: Path) -> Path:
    with tarfile.open(tgz) as tar:
        tar.extractall(into, filter="data")
    return into / "package"


def load_map() -> dict[str, dict[str, dict[str, str]]]:
    """game -> kind -> thing -> icon: pictures.toml's [common] (as game
    "common", kind "misc") and each game folder's data/art.toml (as the
    game's package name), so a new game's pictures stay in its folder."""
    raw = tomllib.loads((WEB / "art" / "pictures.toml").read_text(encoding="utf-8"))
    out: dict[str, dict[str, dict[str, str]]] = {"common": {"misc": dict(raw["common"])}}
    for art in sorted(GAMES.glob("*/data/art.toml")):
        kinds = tomllib.loads(art.read_text(encoding="utf-8"))
        out[art.parent.parent.name] = {kind: dict(things) for kind, things in kinds.items()}
    return out


def write_icons(pkg: Path, pictures: dict[str, dict[str, dict[str, str]]]) -> list[str]:
    data = json.loads((pkg / "icons.json").read_text(encoding="utf-8"))
    icons, aliases = data["icons"], data.get("aliases", {})
    size = (data.get("width", 512), data.get("height", 512))
    wanted = sorted({name for kinds in pictures.values() for things in kinds.values() for name in things.values()})
    missing = [n for n in wanted if n not in icons and n not in aliases]
    if missing:
        raise SystemExit(f"pictures.toml or an art.toml names icons that Game Icons lacks: {', '.join(missing)}")
    symbols = []
    for name in wanted:
        body = icons[name if name in icons else aliases[name]["parent"]]["body"]
        symbols.append(f'<symbol id="gi-{name}" viewBox="0 0 {size[0]} {size[1]}">{body}</symbol>')
    sprite = ('<svg xmlns="http://www.w3.org/2000/svg">\n<!-- Game Icons (https://game-icons.net), CC BY 3.0: '
              "see ATTRIBUTION.md -->\n" + "\n".join(symbols) + "\n</svg>\n")
    (VENDOR / "game-icons.svg").write_text(sprite, encoding="utf-8")
    (VENDOR / "pictures.json").write_text(json.dumps(pictures, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return wanted


def japanese_chars() -> set[int]:
    """Every character of the Japanese texts the pages show."""
    text = []
    for f in sorted((WEB / "data").glob("*.json")):
        if f.name.endswith(".en.json"):
            continue
        data = json.loads(f.read_text(encoding="utf-8"))
        if f.name.endswith(".ja.json"):
            text.extend(str(v) for v in data.values())
        else:
            _collect_ja(data, text)
    for f in sorted((WEB / "locales").glob("ja*.toml")):
        text.append(f.read_text(encoding="utf-8"))
    return {ord(c) for c in "".join(text) if ord(c) > 0x2000}


def _collect_ja(node: object, out: list[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ja" and isinstance(value, str):
                out.append(value)
            elif key != "rules_md":
                _collect_ja(value, out)
    elif isinstance(node, list):
        for value in node:
            _collect_ja(value, out)


def _ranges(spec: str) -> list[tuple[int, int]]:
    out = []
    for part in spec.split(","):
        lo, _, hi = part.strip().removeprefix("U+").partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


def write_fonts(pkg: Path) -> tuple[int, int]:
    """The Latin file and the Japanese files that hold a needed character, per weight."""
    need = japanese_chars()
    fonts = VENDOR / "fonts"
    if fonts.exists():
        shutil.rmtree(fonts)
    fonts.mkdir(parents=True)
    faces = []
    total = 0
    for weight in WEIGHTS:
        css = (pkg / f"{weight}.css").read_text(encoding="utf-8")
        for block in re.findall(r"@font-face\s*{[^}]*}", css):
            src = re.search(r"url\(\./files/([^)]+\.woff2)\)", block)
            rng = re.search(r"unicode-range:\s*([^;]+);", block)
            if not src or not rng:
                continue
            file = src.group(1)
            subset = file.removeprefix("m-plus-rounded-1c-").split(f"-{weight}-")[0]
            ranges = _ranges(rng.group(1))
            if subset != "latin" and not (subset.isdigit() and any(lo <= c <= hi for c in need for lo, hi in ranges)):
                continue
            shutil.copyfile(pkg / "files" / file, fonts / file)
            total += (fonts / file).stat().st_size
            faces.append(f"@font-face {{\n  font-family: '{FAMILY}';\n  font-style: normal;\n  font-display: swap;\n"
                         f"  font-weight: {weight};\n  src: url(./{file}) format('woff2');\n  unicode-range: {rng.group(1)};\n}}\n")
    head = (f"/* {FAMILY} (SIL Open Font License 1.1, see ../OFL.txt), from the npm package {FONT_PKG},\n"
            "   written by scripts/vendor_art.py: Latin, and the Japanese files the texts need. */\n")
    (fonts / "fonts.css").write_text(head + "\n".join(faces), encoding="utf-8")
    shutil.copyfile(pkg / "LICENSE", VENDOR / "OFL.txt")
    return len(faces), total


def write_attribution(icons: list[str]) -> None:
    (VENDOR / "ATTRIBUTION.md").write_text(
        "# Pictures and typeface of the browser client\n\n"
        "Written by `scripts/vendor_art.py`; do not edit by hand.\n\n"
        "## Icons: Game Icons\n\n"
        f"From the npm package `{ICONS_PKG}` (the Iconify copy of https://game-icons.net).\n"
        "Game Icons are by Lorc, Delapouite and the other authors listed at\n"
        "https://game-icons.net/about.html#authors, under the Creative Commons\n"
        "Attribution 3.0 Unported licence (CC BY 3.0,\n"
        "https://creativecommons.org/licenses/by/3.0/). They are used unchanged,\n"
        "coloured by the page's CSS.\n\n"
        f"The {len(icons)} icons in `game-icons.svg`: " + ", ".join(icons) + ".\n\n"
        "## Typeface: M PLUS Rounded 1c\n\n"
        f"From the npm package `{FONT_PKG}` (Fontsource). Copyright 2016 The Rounded\n"
        "M+ Project Authors, under the SIL Open Font License 1.1 (`OFL.txt`). Only\n"
        "the Latin subset and the Japanese unicode-range files that the pages' texts\n"
        "need are kept (`fonts/`), weights 400 and 700.\n",
        encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--icons", type=Path, help="the @iconify-json/game-icons tarball (else npm pack)")
    ap.add_argument("--font", type=Path, help="the @fontsource/m-plus-rounded-1c tarball (else npm pack)")
    args = ap.parse_args()
    VENDOR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        icons_pkg = unpack(args.icons or npm_pack(ICONS_PKG, base), base / "icons")
        font_pkg = unpack(args.font or npm_pack(FONT_PKG, base), base / "font")
        icons = write_icons(icons_pkg, load_map())
        faces, size = write_fonts(font_pkg)
    write_attribution(icons)
    print(f"{len(icons)} icons, {faces} font files ({size // 1024} KiB) in {VENDOR.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
