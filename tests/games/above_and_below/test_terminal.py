"""Above and Below in the terminal session: a person and a bot play a full game."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

from gameshelf.core.registry import load_game
from gameshelf.terminal import play_session


def test_a_person_and_a_bot_finish_a_game(tmp_path: Path) -> None:
    """The person always types 1 (the first listed move); the game must end,
    the ranking be printed and the record saved."""
    state = load_game("above-and-below").new_game(2, 5)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    final = play_session(state, ["human", "bot:random"], lang="ja", save_dir=tmp_path,
                         console=console, read=lambda prompt: "1")
    assert final.is_over
    text = out.getvalue()
    assert "ゲーム終了" in text or "得点" in text
    saved = list(tmp_path.glob("*.json"))
    assert len(saved) == 1
    assert json.loads(saved[0].read_text(encoding="utf-8"))["game"] == "above-and-below"
