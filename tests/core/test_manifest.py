"""Every game of the shelf has a complete manifest (``data/manifest.toml``),
and a malformed one is refused with a sentence.

Why a test per entry: the front ends read these entries (the status bar,
the results, the replay chart, the lobby, the analysis, OpenSpiel), and an
entry that names a move, a field or a text the game lacks would degrade
there silently; here it fails, naming the game and the entry.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any

import pytest

from gameshelf.core import i18n
from gameshelf.core.manifest import (
    Manifest,
    ManifestError,
    MissingManifest,
    check_picture,
    manifest,
    namespace,
    parse_manifest,
)
from gameshelf.core.registry import load_game, shipped_games
from gameshelf.web.export import web_catalog
from tests.template_game.game import HiddenHigh

#: the shipped games and the template (the copy a new game starts from)
SHELF = [*shipped_games(), HiddenHigh.id]


def _kinds(game_id: str) -> dict[str, Any]:
    return {cls.kind: cls for cls in load_game(game_id).action_classes}


def _resolve(value: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


@pytest.mark.parametrize("game_id", SHELF)
def test_the_manifest_loads(game_id: str) -> None:
    try:
        entry = manifest(game_id)
    except ManifestError as exc:  # the sentence says which file and which entry
        pytest.fail(f"{game_id}: {exc}")
    assert isinstance(entry, Manifest)


@pytest.mark.parametrize("game_id", SHELF)
def test_the_status_bar_names_the_games_own_moves(game_id: str) -> None:
    entry, kinds = manifest(game_id), _kinds(game_id)
    unknown = [p for p in entry.primary if p not in kinds]
    assert not unknown, f"{game_id}: [status] primary names moves the game lacks: {unknown}"
    for kind, field in entry.steppers.items():
        assert kind in kinds, f"{game_id}: [status] steppers names a move the game lacks: {kind}"
        types = {f.name: f.type for f in dataclass_fields(kinds[kind])}
        assert types.get(field) in (int, "int"), f"{game_id}: [status] steppers: {kind} has no number field {field}"


@pytest.mark.parametrize("game_id", SHELF)
def test_the_figures_and_the_chart_read_the_observation(game_id: str) -> None:
    entry, game = manifest(game_id), load_game(game_id)
    players = game.default_players or game.min_players
    state = game.new_game(players, 1)
    for seat in range(players):
        seen = state.observation(seat)
        for name, path in entry.fields.items():
            value = _resolve(seen, path.replace("{seat}", str(seat)))
            assert isinstance(value, int | float | list | dict), f"{game_id}: [analysis.fields] {name} = {path!r}"
    if entry.progress != "scores":
        series = state.observation(None).get(entry.progress)
        assert isinstance(series, list) and len(series) == players, (
            f"{game_id}: [replay] progress {entry.progress!r} is not a public field with a number per seat")
        assert all(type(x) in (int, float) for x in series), f"{game_id}: [replay] progress holds non-numbers"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", SHELF)
def test_every_word_of_the_manifest_exists(game_id: str, lang: str) -> None:
    entry, ns = manifest(game_id), namespace(game_id)
    words = {**i18n.catalog(lang), **web_catalog(lang)}
    wanted = [f"{ns}.name", f"{ns}.pitch", f"{ns}.howto", entry.progress_label,
              *(f"{ns}.field.{name}" for name in entry.fields)]
    missing = [key for key in wanted if not words.get(key, "").strip()]
    assert not missing, f"{game_id} ({lang}): no text for {missing}"


@pytest.mark.parametrize("game_id", SHELF)
def test_the_openspiel_bound_covers_a_random_game(game_id: str) -> None:
    import random

    game, rule = load_game(game_id), manifest(game_id).length
    players = game.max_players
    state, rng, moves = game.new_game(players, 3), random.Random(3), 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    assert moves <= rule.rounds * rule.moves * (players if rule.per_seat else 1), game_id


# ---- a malformed manifest is refused with a sentence ----

GOOD: dict[str, Any] = {
    "status": {"primary": ["done"], "steppers": {"bid": "amount"}},
    "results": {"scores": True},
    "replay": {"progress": "scores", "label": "web.replay.score"},
    "openspiel": {"rounds": 8, "moves": 64, "per_seat": True},
    "analysis": {"fields": {"vp": "score", "coins": "seats.{seat}.coins"}},
    "lobby": {"picture": "picture.svg"},
}
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"><rect width="2" height="1" fill="#fff"/></svg>'


def _parse(data: dict[str, Any]) -> Manifest:
    return parse_manifest(data, "test: data/manifest.toml", lambda name: SVG)


def _with(path: str, value: Any) -> dict[str, Any]:
    data = {k: dict(v) for k, v in GOOD.items()}
    *tables, key = path.split(".")
    table = data
    for name in tables:
        table = table[name]
    if value is _DROP:
        del table[key]
    else:
        table[key] = value
    return data


_DROP = object()


def test_a_good_manifest_parses() -> None:
    entry = _parse(GOOD)
    assert entry.primary == ("done",) and entry.length.rounds == 8 and entry.picture == SVG
    assert entry.client() == {"primary": ["done"], "steppers": {"bid": "amount"}, "scores": True}


@pytest.mark.parametrize(("path", "value", "says"), [
    ("status", _DROP, "missing status"),
    ("lobby", _DROP, "missing lobby"),
    ("extra", {}, "unknown extra"),
    ("status.primary", "done", "primary must be a list"),
    ("status.primary", ["done", "done"], "twice"),
    ("status.primary", ["Done!"], "primary must be a list"),
    ("status.steppers", {"bid": 3}, "steppers must map"),
    ("results.scores", 1, "scores must be a bool"),
    ("replay.progress", "Money!", "progress must be"),
    ("replay.label", "score", "label must be a catalogue key"),
    ("openspiel.rounds", True, "rounds must be a int"),
    ("openspiel.rounds", 8.0, "rounds must be a int"),
    ("openspiel.moves", 0, "moves must be 1.."),
    ("openspiel.moves", 10_001, "moves must be 1.."),
    ("openspiel.per_seat", "yes", "per_seat must be a bool"),
    ("analysis.fields", [], "[fields] must be a table"),
    ("analysis.fields", {"vp": "score()"}, "vp must be an observation path"),
    ("analysis.fields", {"vp": 3}, "vp must be an observation path"),
    ("lobby.picture", "../secret.svg", "must name an .svg file"),
    ("lobby.picture", "picture.png", "must name an .svg file"),
])
def test_a_malformed_manifest_is_refused(path: str, value: Any, says: str) -> None:
    with pytest.raises(ManifestError, match=r"test: data/manifest\.toml") as caught:
        _parse(_with(path, value))
    assert says in str(caught.value)


@pytest.mark.parametrize(("svg", "says"), [
    ('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "<script>"),
    ('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "onload="),
    ('<svg xmlns="http://www.w3.org/2000/svg"><image href="http://x/y.png"/></svg>', "<image>"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(http://x/y)"/></svg>', "fill="),
    ('<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg"/>', "DOCTYPE"),
    ("<svg><rect/></svg>", "SVG namespace"),
    ("<html/>", "SVG namespace"),
    ('<svg xmlns="http://www.w3.org/2000/svg">', "not well-formed"),
])
def test_a_picture_that_could_run_or_fetch_is_refused(svg: str, says: str) -> None:
    with pytest.raises(ManifestError, match="pic") as caught:
        check_picture(svg.encode(), "pic")
    assert says in str(caught.value)


def test_a_picture_may_fill_with_its_own_gradient() -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs>'
           '<rect fill="url(#g)"/></svg>')
    assert check_picture(svg.encode(), "pic") == svg


def test_a_game_without_a_manifest_says_so_and_the_adapters_default() -> None:
    from gameshelf.analysis.features import game_fields
    from gameshelf.core.registry import register_game
    from gameshelf.testing import ConformanceSuite

    class Unlisted(HiddenHigh):  # its package (tests.core) has no data/manifest.toml
        id = "unlisted-manifest"

    register_game(Unlisted.id, Unlisted)
    with pytest.raises(MissingManifest, match="missing"):
        manifest(Unlisted.id)
    assert game_fields(Unlisted.id) == {}
    pytest.importorskip("pyspiel")
    from gameshelf.rl.openspiel import SEED_NODES, default_max_game_length

    assert default_max_game_length(Unlisted.id, 2) == SEED_NODES + ConformanceSuite.max_steps
