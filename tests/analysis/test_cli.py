"""``gameshelf analyse`` and ``gameshelf replay --analysis``."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import signal
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gameshelf.analysis import Analysis
from gameshelf.cli import app
from gameshelf.terminal.analysis import _stop_on_interrupt
from gameshelf.terminal.replay import replay_session
from tests.analysis.helpers import finished_record, small_analysis

runner = CliRunner()


def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record()), encoding="utf-8")
    return path


def test_analyse_prints_the_mistakes_and_the_total(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", str(saved(tmp_path)), "--worlds", "2"])
    assert result.exit_code == 0, result.output
    assert "The biggest mistakes" in result.output and "Your final score" in result.output
    assert "better:" in result.output
    ja = runner.invoke(app, ["analyse", str(saved(tmp_path)), "--worlds", "2", "--lang", "ja"])
    assert ja.exit_code == 0, ja.output
    assert "大きな失着" in ja.output and "最終得点" in ja.output


def test_analyse_json_is_the_stored_form(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", str(saved(tmp_path)), "--worlds", "2", "--seat", "2", "--json"])
    assert result.exit_code == 0, result.output
    analysis = Analysis.from_json(json.loads(result.stdout))
    assert analysis.seat == 1 and analysis.worlds == 2 and analysis.complete


def test_bad_input_is_refused_with_a_reason(tmp_path: Path) -> None:
    record = saved(tmp_path)
    for args, words in (
        (["--seat", "3"], "no seat 3"),
        (["--seat", "0"], "no seat 0"),
        (["--budget", "0"], "budget"),
        (["--budget", "nan"], "budget"),
    ):
        result = runner.invoke(app, ["analyse", str(record), *args])
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(bad)])
    assert result.exit_code == 2 and "cannot be read" in result.output
    unfinished = tmp_path / "unfinished.json"
    data = finished_record()
    unfinished.write_text(json.dumps(dict(data, actions=data["actions"][:2])), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(unfinished)])
    assert result.exit_code == 2 and "not finished" in result.output
    assert runner.invoke(app, ["analyse", str(tmp_path / "missing.json")]).exit_code == 2


def test_replay_marks_the_mistakes_and_says_what_was_better(tmp_path: Path) -> None:
    record, analysis = small_analysis()
    # Hidden High's moves seldom matter for sure, so mark one of its losses
    # by hand: the marks' sizes are tested in test_analyse.py
    loss = next(d for d in analysis.decisions if d.reason is not None)
    first = dataclasses.replace(loss, mark="??")
    analysis = dataclasses.replace(
        analysis, decisions=tuple(first if d is loss else d for d in analysis.decisions))
    out = io.StringIO()
    # jump to the marked move (the replay numbers moves from 1), then quit
    answers = iter([str(first.move + 1), "q"])
    replay_session(record, lang="en", console=Console(file=out, width=200), read=lambda _: next(answers),
                   analysis=analysis)
    text = out.getvalue()
    assert "The biggest mistakes" in text
    assert f"{first.mark}\n" in text or f" {first.mark}" in text
    assert "Analysis: " + first.mark in text and "better:" in text


def test_replay_takes_an_analysis_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    record, analysis = small_analysis()
    game = tmp_path / "game.json"
    game.write_text(json.dumps(record), encoding="utf-8")
    good = tmp_path / "analysis.json"
    good.write_text(json.dumps(analysis.to_json()), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(game), "--analysis", str(good)], input="q\n")
    assert result.exit_code == 0, result.output
    assert "The biggest mistakes" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(analysis.to_json(), seat=True)), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(game), "--analysis", str(broken)])
    assert result.exit_code == 2 and "analysis.seat" in result.output
    other = tmp_path / "other.json"
    other.write_text(json.dumps(finished_record(seed=5)), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(other), "--analysis", str(good)])
    assert result.exit_code == 2


def test_the_first_ctrl_c_asks_the_run_to_stop_and_the_second_interrupts() -> None:
    before = signal.getsignal(signal.SIGINT)
    with _stop_on_interrupt() as stopped:
        assert not stopped()
        os.kill(os.getpid(), signal.SIGINT)
        assert stopped()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is before
