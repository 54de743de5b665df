"""Above and Below in the terminal session: a person against a bot reads
every result of their own moves (encounter outcomes, rewards, new
villagers) and of the bot's, in order, before the next move."""

from __future__ import annotations

import json
from pathlib import Path

from gameshelf.core.registry import load_game
from tests.cli.driver import check_feed, drive


def test_a_person_and_a_bot_finish_a_game(tmp_path: Path) -> None:
    """The game must end, the ranking be printed and the record saved."""
    state = load_game("above-and-below").new_game(2, 5)
    final, text = drive(state, ["human", "bot:random"], lang="ja", limit=10_000, save_dir=tmp_path)
    assert final.is_over
    assert "ゲーム終了" in text
    saved = list(tmp_path.glob("*.json"))
    assert len(saved) == 1
    assert json.loads(saved[0].read_text(encoding="utf-8"))["game"] == "above-and-below"


def test_every_result_a_person_may_see_is_printed_in_order() -> None:
    state = load_game("above-and-below").new_game(2, 5)
    final, text = drive(state, ["human", "bot:easy"], limit=200)
    assert check_feed(final, text) > 50
    # the person's own explorations are told: the encounter's result
    assert "▶ Player 1 (you)" in text and "▶ Player 2 " in text
    assert "explore value" in text and ("lanterns: success" in text or "lanterns: failure" in text)
