"""``benchmarks/bots.py`` runs end to end on small games and prints its figures."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import tests.sim.plugin_games  # noqa: F401  (registers the test games)
from tests.benchmark_scripts import load_benchmark


@pytest.fixture(scope="module")
def bench():  # type: ignore[no-untyped-def]
    return load_benchmark("bots")


def test_duels_and_solitaire_scores_are_reported(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--game", "keep-or-reroll", "--games", "4", "--workers", "1"]
    assert bench.main([*args, "--hard", "iterations=6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hard"].startswith("ismcts[iterations=6,")
    duel = out["games"]["hidden-high"]
    assert set(duel["duels"]) == {"greedy", "random"}
    assert all(
        d["games"] == 4 and 0 <= d["low"] <= d["win_rate"] <= d["high"] <= 1
        for d in duel["duels"].values()
    )
    assert duel["iterations_per_s"]["normal"] > 0 and duel["iterations_per_s"]["hard"] > 0
    solo = out["games"]["keep-or-reroll"]["scores"]
    assert [s["bot"].split("[")[0] for s in solo] == [
        "random",
        "greedy",
        "easy",
        "normal",
        "ismcts",
    ]
    assert all(s["n"] == 4 and s["ranks"] == {"-": 4} for s in solo)


def test_tables_are_printed(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert (
        bench.main(
            ["--game", "hidden-high", "--games", "2", "--workers", "1", "--hard", "iterations=4"]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "iterations/s" in printed and "hard win rate" in printed


def test_plots_are_drawn_per_game(bench, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--game", "keep-or-reroll", "--games", "2", "--workers", "1"]
    assert bench.main([*args, "--hard", "iterations=4", "--solo-bots", "random,greedy", "--json", "--plot", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    for game_id in ("hidden-high", "keep-or-reroll"):
        path = Path(out["games"][game_id]["plot"])
        assert path == tmp_path / f"{game_id}.png" and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "raw_scores" not in out["games"]["keep-or-reroll"]


def test_kept_duels_resume_where_they_stopped(bench, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """``--keep``: a second run with more games plays only the new ones and
    reports every game; the games are the ones an unkept run plays."""
    args = ["--game", "hidden-high", "--workers", "1", "--hard", "iterations=6", "--json",
            "--opponents", "greedy", "--seed", "2", "--three", "none"]  # fmt: skip
    assert bench.main([*args, "--games", "3", "--keep", str(tmp_path)]) == 0
    capsys.readouterr()
    assert bench.main([*args, "--games", "6", "--keep", str(tmp_path)]) == 0
    kept = json.loads(capsys.readouterr().out)["games"]["hidden-high"]["duels"]["greedy"]
    (folder,) = tmp_path.iterdir()
    assert folder.name.startswith("hidden-high-ismcts-iterations=6-") and folder.name.endswith("-vs-greedy-seed2")
    assert len((folder / "records.jsonl").read_text().splitlines()) == 6
    assert bench.main([*args, "--games", "6"]) == 0
    fresh = json.loads(capsys.readouterr().out)["games"]["hidden-high"]["duels"]["greedy"]
    assert kept["games"] == fresh["games"] == 6
    assert kept["win_rate"] == fresh["win_rate"] and kept["score"] == fresh["score"]


def test_three_player_games_rotate_the_hard_bot_and_resume(bench, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """The hard bot against two greedy bots: every seat in turn, a fair
    share of 1/3, kept and resumed like a duel (a kept duel is not mixed in)."""
    args = ["--game", "hidden-high", "--workers", "1", "--hard", "iterations=6", "--json",
            "--opponents", "greedy", "--seed", "3", "--timing-games", "0"]  # fmt: skip
    assert bench.main([*args, "--games", "3", "--keep", str(tmp_path)]) == 0
    capsys.readouterr()
    assert bench.main([*args, "--games", "6", "--keep", str(tmp_path)]) == 0
    kept = json.loads(capsys.readouterr().out)["games"]["hidden-high"]
    three = kept["three"]
    assert three["players"] == 3 and three["fair"] == pytest.approx(1 / 3) and three["games"] == 6
    assert three["opponent"] == "greedy" and 0 <= three["low"] <= three["win_rate"] <= three["high"] <= 1
    assert kept["duels"]["greedy"]["games"] == 6 and kept["duels"]["greedy"]["players"] == 2
    (folder,) = (f for f in tmp_path.iterdir() if f.name.endswith("-vs-greedy-greedy-seed3"))
    records = [json.loads(line) for line in (folder / "records.jsonl").read_text().splitlines()]
    assert len(records) == 6
    hero = kept["hard"]
    seats = Counter(r["meta"]["bots"].index(hero) for r in records)
    assert seats == {0: 2, 1: 2, 2: 2}  # every seat twice in six games
    assert bench.main([*args, "--games", "6"]) == 0
    fresh = json.loads(capsys.readouterr().out)["games"]["hidden-high"]["three"]
    assert fresh["win_rate"] == three["win_rate"] and fresh["score"] == three["score"]


def test_three_player_games_can_be_skipped(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--workers", "1", "--hard", "iterations=4", "--games", "2",
            "--opponents", "none", "--three", "none", "--timing-games", "0", "--json"]  # fmt: skip
    assert bench.main(args) == 0
    figures = json.loads(capsys.readouterr().out)["games"]["hidden-high"]
    assert figures["duels"] == {} and "three" not in figures and "timing" not in figures


def test_hard_decisions_are_timed_beside_greedy(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--game", "keep-or-reroll", "--workers", "1", "--games", "2",
            "--hard", "iterations=6", "--opponents", "none", "--three", "none",
            "--solo-bots", "greedy", "--timing-games", "2", "--json"]  # fmt: skip
    assert bench.main(args) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    for game_id in ("hidden-high", "keep-or-reroll"):  # a duel, and a solitaire deal played by each
        timing = games[game_id]["timing"]
        hero, reference = timing["hero"], timing["reference"]
        assert timing["games"] == 2 and reference["bot"] == "greedy"
        assert hero["n"] > 0 and reference["n"] > 0
        assert 0 <= hero["p50"] <= hero["p95"] <= hero["max"]
        assert timing["p95_ratio"] == pytest.approx(hero["p95"] / reference["p95"])


def test_percentile_is_the_nearest_rank(bench) -> None:  # type: ignore[no-untyped-def]
    values = [float(v) for v in range(1, 21)]  # 1..20
    assert bench.percentile(values, 95) == 19.0  # ceil(20 * 0.95) = 19th
    assert bench.percentile(values, 50) == 10.0
    assert bench.percentile(values, 100) == 20.0
    assert bench.percentile([3.0, 1.0, 2.0], 1) == 1.0  # unsorted input, lowest rank is 1
    assert bench.percentile([5.0] * 7 + [9.0], 95) == 9.0
    for bad in (0, -1, 101):
        with pytest.raises(ValueError):
            bench.percentile(values, bad)
    with pytest.raises(ValueError):
        bench.percentile([], 95)
    assert bench.timing_entry([]) == {"n": 0, "p50": None, "p95": None, "max": None}


def test_a_target_is_judged_by_the_whole_interval(bench) -> None:  # type: ignore[no-untyped-def]
    assert bench.verdict(0.71, 0.80, 0.70) == "met"
    assert bench.verdict(0.70, 0.80, 0.70) == "met"
    assert bench.verdict(0.55, 0.69, 0.70) == "missed"
    assert bench.verdict(0.60, 0.75, 0.70) == "open"
    low, high = bench.mean_interval({"n": 100, "mean": 80.0, "sd": 20.0})
    assert low == pytest.approx(80 - 1.96 * 2, abs=0.01) and high == pytest.approx(80 + 1.96 * 2, abs=0.01)


def test_a_hard_level_that_is_the_reference_bot_is_timed_apart_from_it(bench) -> None:  # type: ignore[no-untyped-def]
    """A hard level may be the reference bot itself (Dicey Farm's was the
    greedy bot until 2026-11-27): the hero's decisions and the reference's
    still go to their own figures, by seat."""
    for game_id, players in (("keep-or-reroll", 1), ("hidden-high", 2)):
        timing = bench.decision_times(game_id, "greedy", "greedy", 2, 4, players)
        assert timing["hero"]["n"] > 0 and timing["reference"]["n"] > 0


def test_solitaire_bots_are_compared_deal_by_deal(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "keep-or-reroll", "--workers", "1", "--games", "5", "--timing-games", "0",
            "--solo-bots", "greedy,random", "--json"]  # fmt: skip
    assert bench.main(args) == 0
    figures = json.loads(capsys.readouterr().out)["games"]["keep-or-reroll"]
    (pair,) = figures["paired"]
    greedy, random_ = figures["scores"]
    assert pair["bot"] == "random" and pair["base"] == "greedy" and pair["n"] == 5
    assert pair["gap"] == pytest.approx(random_["mean"] - greedy["mean"])  # same deals: gap of means
    assert pair["low"] <= pair["gap"] <= pair["high"]


def test_a_paired_gap_uses_only_the_deals_both_played(bench) -> None:  # type: ignore[no-untyped-def]
    gap = bench.paired_gap({0: 10.0, 1: 20.0, 2: 30.0}, {1: 22.0, 2: 34.0, 3: 99.0})
    assert gap["n"] == 2 and gap["gap"] == pytest.approx(3.0)
    half = 1.959963984540054 * (2**0.5) / (2**0.5)  # gaps 2 and 4: sd sqrt(2), n 2
    assert gap["low"] == pytest.approx(3.0 - half) and gap["high"] == pytest.approx(3.0 + half)
    assert bench.paired_gap({0: 1.0}, {0: 4.0}) == {"n": 1, "gap": 3.0, "low": None, "high": None}


def test_skip_strength_times_no_games_unless_asked(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--skip-strength", "--hard", "iterations=4", "--json"]
    assert bench.main(args) == 0
    assert "timing" not in json.loads(capsys.readouterr().out)["games"]["hidden-high"]
    assert bench.main([*args, "--timing-games", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["games"]["hidden-high"]["timing"]["games"] == 1
