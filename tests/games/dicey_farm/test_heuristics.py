"""The heuristic sees progress before points arrive, and is exact at the end."""

from __future__ import annotations

from gameshelf.core.rng import Stream
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.heuristics import evaluate
from gameshelf.tools.dicey_farm.par import play_round
from tests.games.dicey_farm.helpers import GAME, farm, play


def test_exact_once_over() -> None:
    s = farm(dice=[], round_no=8, goods={"food": 5, "gem": 2})
    play(s, A.EndRound())
    assert evaluate(s) == s.scores()[0] == 14


def test_a_sown_field_is_progress() -> None:
    seed = farm(dice=[3], fields=2, goods={"wheat_seed": 1})
    sown = farm(dice=[3], fields=2, sown={"wheat": 1, "vegetable": 0, "flower": 0})
    assert evaluate(sown) > evaluate(seed)


def test_food_for_the_meal_matters() -> None:
    hungry = farm(dice=[3], goods={"food": 0})
    fed = farm(dice=[3], goods={"food": 3})
    assert evaluate(fed) - evaluate(hungry) >= 6


def test_a_picked_die_is_worth_its_best_use() -> None:
    """Looking through the choice step: picking a 6 with tourism open is worth the VP it can make."""
    s = farm(dice=[6], goods={"food": 3})
    picked = play(s.clone(), A.PickDie(6))  # type: ignore[arg-type]
    toured = play(s.clone(), A.PickDie(6), A.Use("tourism"), A.Tour(6))  # type: ignore[arg-type]
    assert evaluate(picked) >= evaluate(toured)


def test_greedy_on_the_heuristic_beats_random_play() -> None:
    greedy, randoms = [], []
    for seed in range(4):
        s = GAME.new_game(1, seed)
        stream = Stream(seed)
        while not s.is_over:
            play_round(s, stream, 0.0)  # type: ignore[arg-type]
        greedy.append(s.scores()[0])
        r = GAME.new_game(1, seed)
        while not r.is_over:
            r.apply(stream.choice(r.legal_actions()))
        randoms.append(r.scores()[0])
    assert sum(greedy) / 4 >= sum(randoms) / 4 + 30
