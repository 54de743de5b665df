"""The runner: seats rotate, results repeat across back ends, stops keep games."""

from __future__ import annotations

import pytest

from gameshelf.core.record import replay
from gameshelf.sim.job import Job
from gameshelf.sim.runner import run_job

PLUGIN = ("tests.sim.plugin_games",)


def job(**changes: object) -> Job:
    fields: dict[str, object] = {
        "game": "hidden-high",
        "players": 3,
        "bots": ("greedy", "random", "ismcts[iterations=10]"),
        "games": 6,
        "seed": 7,
        "plugins": PLUGIN,
    }
    fields.update(changes)
    return Job(**fields)  # type: ignore[arg-type]


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    j = job()
    assert [j.seats(i) for i in range(3)] == [
        ("greedy", "random", "ismcts[iterations=10]"),
        ("random", "ismcts[iterations=10]", "greedy"),
        ("ismcts[iterations=10]", "greedy", "random"),
    ]
    duel = job(players=4, bots=("a", "b"))
    assert duel.seats(0) == ("a", "b", "a", "b") and duel.seats(1) == ("b", "a", "b", "a")
    solo = job(players=1, bots=("a", "b"))
    assert [solo.seats(i) for i in range(3)] == [("a",), ("b",), ("a",)]


def test_seeds_differ_between_games_and_repeat_between_runs() -> None:
    a, b = job(), job()
    assert [t.seed for t in a.tasks()] == [t.seed for t in b.tasks()]
    assert len({t.seed for t in a.tasks()}) == 6
    assert a.task(0).seed != job(seed=8).task(0).seed


@pytest.mark.parametrize("spec", ["", "ismcts[iterations]"])
def test_a_bad_job_is_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        job(bots=(spec,) if spec else ())


def test_the_pool_plays_the_same_games_as_one_process() -> None:
    inline = run_job(job(), workers=1, progress=False)
    pooled = run_job(job(), workers=2, progress=False)
    assert inline.complete and pooled.complete
    assert [r.index for r in pooled.results] == list(range(6))
    assert [_untimed(r.record) for r in inline.results] == [_untimed(r.record) for r in pooled.results]


def _untimed(record: dict) -> dict:  # type: ignore[type-arg]
    """A record without its play time (timings differ between runs, nothing else may)."""
    return {**record, "meta": {k: v for k, v in record["meta"].items() if k != "seconds"}}


def test_every_result_is_a_replayable_record() -> None:
    for result in run_job(job(games=3), workers=1, progress=False).results:
        state = replay(result.record)
        assert state.scores() == result.scores and len(state.history) == result.length
        assert sum(result.win_shares) == pytest.approx(1.0)
        assert _untimed(result.record)["meta"] == {"index": result.index, "bots": result.seats}
        assert result.record["meta"]["seconds"] == pytest.approx(result.seconds, abs=1e-3)


def test_a_stop_request_keeps_the_finished_games() -> None:
    seen: list[int] = []
    outcome = run_job(
        job(games=20),
        workers=1,
        progress=False,
        on_result=lambda r: seen.append(r.index),
        should_stop=lambda: len(seen) >= 4,
    )
    assert outcome.interrupted and not outcome.complete
    assert [r.index for r in outcome.results] == seen == [0, 1, 2, 3]


def test_a_crashing_game_is_reported_and_the_others_kept() -> None:
    crashing = job(game="crashing-high", games=8, bots=("random",))
    first_bad = next(t.index for t in crashing.tasks() if t.seed % 3 == 0)
    assert first_bad > 0, "the test needs some games to finish before the crash"
    outcome = run_job(crashing, workers=1, progress=False)
    assert outcome.error is not None and "a rule blew up" in outcome.error
    assert [r.index for r in outcome.results] == list(range(first_bad))


def test_skip_finishes_an_interrupted_job() -> None:
    outcome = run_job(job(), workers=1, progress=False, skip=[0, 2, 4])
    assert [r.index for r in outcome.results] == [1, 3, 5]
