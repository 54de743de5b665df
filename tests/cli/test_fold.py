"""Japanese lines break the Japanese way (``terminal/fold.py``).

Rich breaks only at spaces, so "各ラウンド：1. 競り：…" left "1." alone on a
line and a "。" could open the next one. These check the rules of Japanese
line breaking we follow (kinsoku: closing marks never start a line, opening
marks never end one) and that English still breaks between whole words.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from gameshelf.core.registry import games, load_game
from gameshelf.terminal.fold import NO_END, NO_START, Folded, fold, fold_text
from gameshelf.terminal.help import rules_text

SENTENCE = "各ラウンド：1. 競り：競売人が採掘機械・作業員・採鉱地を最低金額以上で競りにかける（またはパス）。"


def _lines(text: str) -> list[str]:
    return text.split("\n")


def test_a_japanese_sentence_breaks_between_characters_not_at_its_one_space() -> None:
    lines = _lines(fold(SENTENCE, 40))
    assert lines[0].startswith("各ラウンド：1. 競り：")  # "1." does not sit alone on a line
    assert all(cell_len(line) <= 40 for line in lines)
    assert "".join(lines).replace(" ", "") == SENTENCE.replace(" ", "")


@pytest.mark.parametrize("width", range(8, 60))
def test_closing_marks_never_start_a_line_and_opening_marks_never_end_one(width: int) -> None:
    for line in _lines(fold(SENTENCE, width))[1:]:
        assert line[0] not in NO_START, (width, line)
    for line in _lines(fold(SENTENCE, width))[:-1]:
        assert line[-1] not in NO_END, (width, line)


def test_english_breaks_between_whole_words() -> None:
    text = "Each round: the auctioneer puts a machine, a worker or a claim up for its minimum bid."
    lines = _lines(fold(text, 30))
    assert all(cell_len(line) <= 30 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_styles_stay_on_their_characters() -> None:
    text = Text("プレイヤー2が") + Text("$8,000", style="bold") + Text("で入札しました。" * 4)
    folded = fold_text(text, 20)
    bold = [folded.plain[span.start:span.end] for span in folded.spans if span.style == "bold"]
    assert bold == ["$8,000"]


@given(st.text(alphabet=st.sampled_from(list("あいう漢字。、（）「」 abc12$,.")), max_size=200),
       st.integers(min_value=4, max_value=80))
def test_any_text_keeps_its_characters_and_fits(text: str, width: int) -> None:
    folded = fold(text, width)
    assert folded.replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
    for line in _lines(folded):
        # only a word wider than the whole line may overflow it (it is left whole)
        assert cell_len(line) <= width or " " not in line.strip(), (text, width, folded)


@pytest.mark.parametrize("game_id", games())
def test_the_rules_in_japanese_read_right_at_60_columns(game_id: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=60, color_system=None)
    console.print(Folded(rules_text(load_game(game_id), "ja")))
    lines = out.getvalue().rstrip("\n").split("\n")
    assert all(cell_len(line) <= 60 for line in lines)
    assert not [line for line in lines if line.strip() and line.strip()[0] in NO_START]
