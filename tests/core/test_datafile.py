"""Broken data files are refused with a sentence that names the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.datafile import parse_toml, read_game_data, read_toml


class _Broken(Exception):
    pass


def test_valid_toml_reads_as_a_dict(tmp_path: Path) -> None:
    (tmp_path / "ok.toml").write_text('a = 1\n[b]\nc = "x"\n', encoding="utf-8")
    assert read_toml(tmp_path / "ok.toml", "ok.toml", _Broken) == {"a": 1, "b": {"c": "x"}}


def test_invalid_toml_raises_the_games_error_with_the_file_name() -> None:
    with pytest.raises(_Broken, match=r"^deck\.toml: not valid TOML \("):
        parse_toml("this is not toml", "deck.toml", _Broken)


def test_a_missing_file_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(_Broken, match=r"^gone\.toml: cannot read it"):
        read_toml(tmp_path / "gone.toml", "gone.toml", _Broken)


def test_game_data_is_found_in_the_package() -> None:
    data = read_game_data("gameshelf.games.dicey_farm", "constants.toml", _Broken)
    assert data["ranks"][0]["key"] == "rank1"
    with pytest.raises(_Broken, match=r"^data/nope\.toml: cannot read it"):
        read_game_data("gameshelf.games.dicey_farm", "nope.toml", _Broken)
