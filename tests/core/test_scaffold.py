"""``gameshelf new-game``: the copied template is a game that loads, passes
the manifest check and the conformance kit, and a bad or taken id changes
nothing."""

from __future__ import annotations

import ast
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import gameshelf.games
from gameshelf.core import i18n
from gameshelf.core.manifest import manifest
from gameshelf.core.registry import BUILTIN, load_game, register_game
from gameshelf.scaffold import Names, ScaffoldError, registry_with, scaffold
from gameshelf.testing import ConformanceSuite

REPO = Path(__file__).resolve().parents[2]
TEMPLATE = REPO / "tests" / "template_game"
REGISTRY = REPO / "src" / "gameshelf" / "core" / "registry.py"


@pytest.fixture
def src(tmp_path: Path) -> Iterator[Path]:
    """A source tree with the registry, empty games and web folders; its
    games folder joins ``gameshelf.games`` so a made game imports."""
    root = tmp_path / "src" / "gameshelf"
    (root / "core").mkdir(parents=True)
    (root / "games").mkdir()
    (root / "web" / "js" / "games").mkdir(parents=True)
    shutil.copy(REGISTRY, root / "core" / "registry.py")
    gameshelf.games.__path__.append(str(root / "games"))
    yield tmp_path / "src"
    gameshelf.games.__path__.remove(str(root / "games"))


def test_names_of_an_id() -> None:
    assert Names.of("sky-trade") == Names("sky-trade", "sky_trade", "SkyTrade", "Sky Trade")


@pytest.mark.parametrize("bad", ["Sky", "sky_trade", "-sky", "sky--trade", "", "x" * 41, 3])
def test_a_malformed_id_is_refused(bad: object) -> None:
    with pytest.raises(ScaffoldError, match="lower-case words"):
        Names.of(bad)  # type: ignore[arg-type]


def test_a_registered_id_is_refused_and_nothing_is_written(src: Path) -> None:
    before = sorted(p.name for p in src.rglob("*"))
    with pytest.raises(ScaffoldError, match="already registered"):
        scaffold("pay-dirt", TEMPLATE, src)
    assert sorted(p.name for p in src.rglob("*")) == before


def test_the_registry_line_goes_at_the_end_of_builtin() -> None:
    text = registry_with(REGISTRY.read_text(encoding="utf-8"), Names.of("sky-trade"))
    start = text.index("BUILTIN: dict")
    table = ast.literal_eval(text[text.index("{", start):text.index("}\n", start) + 1])  # as Python reads it
    assert table == {**BUILTIN, "sky-trade": "gameshelf.games.sky_trade.game:SkyTrade"}


def test_a_new_game_loads_and_passes_the_kit(src: Path) -> None:
    folder = scaffold("sky-trade", TEMPLATE, src)
    assert {p.name for p in folder.iterdir()} >= {"data", "locales", "rules", "game.py", "RULES.md", "encoding.py"}
    leftovers = [p for p in folder.rglob("*") if p.is_file() and "template_game" in p.read_text(encoding="utf-8")]
    assert not leftovers
    assert '"sky-trade": "gameshelf.games.sky_trade.game:SkyTrade"' in (src / "gameshelf/core/registry.py").read_text()
    client = src / "gameshelf/web/js/games/sky-trade.js"
    assert 'const NS = "sky_trade";' in client.read_text()
    if shutil.which("node"):
        subprocess.run(["node", "--check", str(client)], check=True)
    with pytest.raises(ScaffoldError, match="already exists"):
        scaffold("sky-trade", TEMPLATE, src)

    from gameshelf.games.sky_trade.game import SkyTrade  # type: ignore[import-not-found]

    register_game("sky-trade", SkyTrade)
    game = load_game("sky-trade")
    assert game.name("en") == "Sky Trade" and i18n.t("sky_trade.pitch", "en") != "sky_trade.pitch"
    assert manifest("sky-trade").primary == ("draw",)

    class Kit(ConformanceSuite):
        game_id = "sky-trade"
        random_games = 20
        deep_games = 2

    kit = Kit()
    for name in sorted(dir(kit)):
        if name.startswith("test_") and "slow" not in name:
            getattr(kit, name)()
