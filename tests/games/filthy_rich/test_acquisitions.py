"""``State.acquisitions()``: what each seat acquired, for the simulator's
per-card table. Acquired = a business opened (its sign placed), an asset
played, a luxury bought or won at auction (RULES.md, "Acquisitions")."""

from __future__ import annotations

from collections import Counter

import pytest

from gameshelf.core.record import replay
from gameshelf.core.rng import Stream, derive_seed
from tests.games.filthy_rich.helpers import (
    CAT,
    choose,
    hang,
    new,
    own_luxury,
    rig,
    set_hand,
    set_money,
    start_rolling,
)

DATA_KEYS = {*(b.key for b in CAT.signs), *(a.key for a in CAT.assets), *(x.key for x in CAT.luxuries)}


def test_a_bought_luxury_is_recorded() -> None:
    s = new(3)
    set_money(s, 0, 30)
    choose(s, "buy 0")
    assert s.acquisitions() == {0: [CAT.luxuries[0].key], 1: [], 2: []}


def test_a_business_counts_once_its_sign_is_placed_and_an_asset_when_played() -> None:
    s = new(2)
    set_money(s, 0, 40)
    tornado, portfolio = set_hand(s, 0, ["tornado_cleaners", "stock_portfolio"])
    choose(s, f"play {tornado}")
    assert s.acquisitions()[0] == []  # waiting for its pocket: not started yet
    choose(s, "place 1+4")
    choose(s, f"play {portfolio}")
    assert s.acquisitions() == {0: ["tornado_cleaners", "stock_portfolio"], 1: []}
    s.check_invariants()


def test_actions_and_discards_are_not_acquisitions() -> None:
    s = new(2)
    set_money(s, 0, 40)
    inheritance, dentist = set_hand(s, 0, ["inheritance", "dentist"])
    choose(s, f"play {inheritance}")
    choose(s, f"discard {dentist}")
    assert s.acquisitions() == {0: [], 1: []}


def test_a_luxury_won_at_auction_is_recorded_and_the_bankrupt_keeps_its_history() -> None:
    s = new(3)
    s.page = 2
    hang(s, 2, "chapter_11_books", 1, [5])
    hang(s, 1, "dentist", 2, [5])
    s.acquired[1].append(-1 - own_luxury(s, 1, "personal_trainer"))
    set_money(s, 0, 20)
    set_money(s, 1, 0)
    set_money(s, 2, 15)
    rig(s, [0, 7], page_die=6)
    start_rolling(s)
    choose(s, "keep")
    choose(s, "keep")  # seat 1 cannot pay its taxes and goes out
    assert not s.alive[1] and s.phase == "auction"
    choose(s, "bid +0")  # seat 2
    choose(s, "pass")  # seat 0
    got = s.acquisitions()
    assert got[2] == ["personal_trainer"]
    assert got[1] == ["personal_trainer"]  # acquired once, lost to bankruptcy: still counted
    s.check_invariants()


def test_acquisitions_are_copied_by_clone() -> None:
    s = new(2)
    set_money(s, 0, 30)
    twin = s.clone()
    choose(s, "buy 0")
    assert twin.acquisitions() == {0: [], 1: []}
    assert s.acquisitions()[0] == [CAT.luxuries[0].key]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_record_only_data_ids_and_everything_held(players: int) -> None:
    """Over random games: every id is a key of the data files, each seat
    acquired at least what it holds at the end, and a replay agrees."""
    total = 0
    for seed in range(15):
        s = new(players, seed)
        stream = Stream(derive_seed("fr-acq", players, seed))
        while not s.is_over:
            s.apply_unchecked(stream.choice(s.legal_actions()))
        got = s.acquisitions()
        assert sorted(got) == list(range(players))
        for seat, ids in got.items():
            assert set(ids) <= DATA_KEYS
            held = Counter(
                [CAT.card_key(c) for c in s.businesses[seat] + s.assets[seat]]
                + [CAT.luxuries[x].key for x in s.luxuries[seat]]
            )
            assert not held - Counter(ids), f"seat {seat} holds something it never acquired"
        assert replay(s.record()).acquisitions() == got
        total += sum(map(len, got.values()))
    assert total > 0
