"""A full game through the lead's terminal loop, a person against bots."""

from __future__ import annotations

import io
import json

from rich.console import Console

from gameshelf.core.record import load_record, replay
from gameshelf.core.registry import load_game
from gameshelf.terminal import play_session


def test_a_person_and_two_bots_play_to_the_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    state = load_game("filthy-rich").new_game(3, 21)
    answers = iter(["x", "99"] + ["1", "2"] * 2000)  # two bad answers first, then moves
    out = io.StringIO()
    final = play_session(
        state, ["human", "bot:random", "bot:random"], lang="ja", save_dir=tmp_path,
        console=Console(file=out, width=130), read=lambda prompt: next(answers),
    )
    assert final.is_over
    text = out.getvalue()
    assert "1ページ" in text and "上から見える看板" in text
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 1
    record = load_record(saved[0])
    assert json.loads(json.dumps(record)) == record
    assert replay(record).scores() == final.scores()
