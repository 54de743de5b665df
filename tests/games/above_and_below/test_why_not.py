"""Above and Below's "why not" (issue 29): explore and build when they vanish."""

from __future__ import annotations

from gameshelf.games.above_and_below import actions as A
from tests.games.above_and_below.fixtures import BUILDER, SCOUT, SCRIBE, move_villager, new_state


def texts(s: object) -> dict[str, str]:
    return {u.move_text("en"): u.reason_text("en") for u in s.unavailable_moves()}  # type: ignore[attr-defined]


def _only_ready(s: object, *vids: int) -> None:
    village = s.villages[s.turn]  # type: ignore[attr-defined]
    for v in list(village.ready):
        move_villager(s, s.turn, v, "exhausted")  # type: ignore[arg-type, attr-defined]
    for v in vids:
        move_villager(s, s.turn, v)  # type: ignore[arg-type, attr-defined]


def test_explore_needs_two_ready_villagers() -> None:
    """「準備エリアにいる2人以上の村人を選択します…最低2人は割り当ててください」."""
    s = new_state()
    _only_ready(s, SCOUT)
    assert A.Act("explore") not in s.legal_actions()
    assert texts(s)["Explore"] == "exploring needs two ready villagers; you have 1"


def test_no_ready_villager_leaves_free_actions_and_pass() -> None:
    s = new_state()
    _only_ready(s)
    assert not any(isinstance(a, A.Act) for a in s.legal_actions())
    assert texts(s) == texts(s) and "you have no ready villager" in next(iter(texts(s).values()))


def test_build_vanishes_without_a_hammer_or_coins() -> None:
    """「その村人は必ずハンマーアイコンを持っている必要があります」, and the card is paid for."""
    s = new_state()
    _only_ready(s, SCRIBE, SCOUT)
    assert A.Act("build") not in s.legal_actions()
    assert texts(s)["Build"] == "none of your ready villagers has a hammer"
    _only_ready(s, BUILDER)
    s.villages[s.turn].coins = 0
    assert A.Act("build") not in s.legal_actions()
    assert texts(s)["Build"].startswith("the cheapest costs ")
