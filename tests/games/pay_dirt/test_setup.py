"""Setup (rulebook §1)."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import SetupError
from tests.games.pay_dirt.helpers import kinds, new


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_gives_each_player_the_starting_kit(players: int) -> None:
    """「$9000の初期資金を受け取る」「労働者駒を5個」「初期採鉱地タイルを1枚受け取り、
    その上に不毛土砂タイル(Barren)を3枚置きます(中身を見てはいけない)」
    — $9,000, five workers, a greenhorn claim with three face-down Barren tiles."""
    s = new(players)
    for p, camp in enumerate(s.camps):
        assert camp.money == 9 and camp.gold == 0 and camp.workers == 5
        assert len(camp.claims) == 1 and s.comp.claims[camp.claims[0]].greenhorn
        assert kinds(s, camp.claim_tiles[0]) == ["barren"] * 3
        seen = s.observation(p)["camps"][p]["claims"][0]["tiles"]
        assert seen == ["B", "B", "B"], "the owner sees only the kind, not the gold"
    s.check_invariants()


def test_setup_board() -> None:
    """「基本マーカー(青いディスク)を15度に置く」「各山札を3枚捲って…種類別に並べる」
    「道具タイル…5枚公開」 — 15°, three rows of three lots, five gear face up."""
    s = new(3)
    assert s.temperature == 15
    assert [len(r) for r in s.display] == [3, 3, 3]
    assert all(x >= 0 for row in s.display for x in row)
    assert len([g for g in s.gear_display if g >= 0]) == 5
    assert [len(d) for d in s.decks] == [15, 15, 15]
    assert s.current_player == s.head == 0 and s.phase == "auction"


def test_player_count_is_two_to_five() -> None:
    """「プレイ人数：2～5人用」."""
    for bad in (1, 6):
        with pytest.raises(SetupError):
            new(bad)
