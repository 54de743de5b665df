"""Statistics: Wilson intervals, per-bot/seat tables, first player, items."""

from __future__ import annotations

import math

import pytest

from gameshelf.sim.stats import distribution, summarize, wilson


def test_wilson_matches_the_textbook_values() -> None:
    # Reference: Wilson (1927) score interval, 8 of 10 and 0 of 20.
    rate, low, high = wilson(8, 10)
    assert (
        rate == 0.8
        and low == pytest.approx(0.4902, abs=1e-4)
        and high == pytest.approx(0.9433, abs=1e-4)
    )
    rate, low, high = wilson(0, 20)
    assert rate == 0.0 and low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)


def test_wilson_takes_fractional_wins_and_no_data() -> None:
    rate, low, high = wilson(2.5, 5)
    assert rate == 0.5 and 0 < low < 0.5 < high < 1
    rate, low, high = wilson(0, 0)
    assert math.isnan(rate) and (low, high) == (0.0, 1.0)


def test_distribution_quartiles() -> None:
    d = distribution([1, 2, 3, 4, 5])
    assert (d["min"], d["q1"], d["median"], d["q3"], d["max"], d["mean"]) == (1, 2, 3, 4, 5, 3)


def row(game: int, seat: int, bot: str, score: float, share: float, starter: bool) -> dict:  # type: ignore[type-arg]
    return {
        "game": game,
        "seed": game,
        "players": 2,
        "seat": seat,
        "bot": bot,
        "score": score,
        "win_share": share,
        "place": 1.0 if share == 1 else (1.5 if share == 0.5 else 2.0),
        "starter": starter,
        "length": 10 + game,
        "seconds": 0.1,
    }


SEATS = [
    # game 0: A (seat 0) beats B; game 1: A (seat 1) beats B; game 2: tie; game 3: B wins from seat 0.
    row(0, 0, "A", 10, 1.0, True), row(0, 1, "B", 5, 0.0, False),
    row(1, 0, "B", 4, 0.0, True), row(1, 1, "A", 9, 1.0, False),
    row(2, 0, "A", 7, 0.5, True), row(2, 1, "B", 7, 0.5, False),
    row(3, 0, "B", 8, 1.0, True), row(3, 1, "A", 6, 0.0, False),
]  # fmt: skip


def test_win_rates_per_bot_and_seat_split_ties() -> None:
    s = summarize(SEATS)
    bots = {b["bot"]: b for b in s["bots"]}
    assert bots["A"]["win_rate"] == pytest.approx(2.5 / 4) and bots["B"][
        "win_rate"
    ] == pytest.approx(1.5 / 4)
    assert bots["A"]["n"] == 4 and bots["A"]["score"]["mean"] == 8.0
    seats = {e["seat"]: e for e in s["seats"]}
    assert seats[0]["win_rate"] == pytest.approx(2.5 / 4)
    assert s["games"] == 4 and s["length"]["mean"] == 11.5


def test_first_player_advantage_is_against_a_fair_share() -> None:
    first = summarize(SEATS)["first_player"]
    assert first["expected"] == 0.5 and first["advantage"] == pytest.approx(0.125)


def test_items_rank_by_the_holders_win_rate() -> None:
    items = [
        {
            "game": 0,
            "seat": 0,
            "bot": "A",
            "item": "gold",
            "count": 2,
            "win_share": 1.0,
            "score": 10,
        },
        {
            "game": 1,
            "seat": 1,
            "bot": "A",
            "item": "gold",
            "count": 1,
            "win_share": 1.0,
            "score": 9,
        },
        {
            "game": 3,
            "seat": 1,
            "bot": "A",
            "item": "lead",
            "count": 1,
            "win_share": 0.0,
            "score": 6,
        },
        {
            "game": 2,
            "seat": 1,
            "bot": "B",
            "item": "lead",
            "count": 1,
            "win_share": 0.5,
            "score": 7,
        },
    ]
    table = summarize(SEATS, items, min_item_count=2)["items"]
    assert [e["item"] for e in table] == ["gold", "lead"]
    gold = table[0]
    assert gold["win_rate"] == 1.0 and gold["copies"] == 3 and gold["mean_score"] == 9.5
    # Both holders are bot A; A's seats without gold scored 7 and 6.
    assert gold["others_mean_score"] == pytest.approx(6.5)
    assert gold["score_lift"] == pytest.approx(9.5 - 6.5)
    assert summarize(SEATS, items, min_item_count=3)["items"] == []


def test_no_acquisitions_means_no_item_table() -> None:
    assert summarize(SEATS)["items"] is None
    with pytest.raises(ValueError):
        summarize([])


def test_solitaire_lift_compares_each_bot_with_itself() -> None:
    """A strong bot that acquires more must not make the item look strong."""
    seats = [row(g, 0, "strong", 40 + g % 2, 1.0, True) for g in range(6)] + [
        row(g, 0, "weak", -50 + g % 2, 1.0, True) for g in range(6, 12)
    ]
    for r in seats:
        r["players"] = 1
    items = [
        {"game": g, "seat": 0, "bot": "strong", "item": "oven", "count": 1, "win_share": 1.0,
         "score": 40 + g % 2}
        for g in range(0, 6, 2)
    ] + [{"game": 6, "seat": 0, "bot": "weak", "item": "oven", "count": 1, "win_share": 1.0,
          "score": -50}]
    oven = summarize(seats, items, min_item_count=2)["items"][0]
    # holders score like the non-holders of their own bot: no lift, although
    # their raw mean (15) is far above everyone else's (about -10).
    assert oven["score_lift"] == pytest.approx(-0.5, abs=0.6)
