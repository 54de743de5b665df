"""Observation tensors: fixed length, in [0, 1], and blind to what a seat cannot see."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from gameshelf.core import tensor  # noqa: E402
from gameshelf.core.registry import load_game  # noqa: E402
from tests.rl.conftest import GAME_IDS, sampled_states  # noqa: E402


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tensors_have_one_length_and_stay_in_range(game_id: str) -> None:
    game = load_game(game_id)
    size = tensor.tensor_size(game)
    assert size == sum(f.size for f in tensor.layout(game))
    for state in sampled_states(game_id):
        for seat in (None, *range(state.players)):
            values = state.observation_tensor(seat)
            assert values.dtype == np.float32 and values.shape == (size,)
            assert values.min() >= 0.0 and values.max() <= 1.0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_parts_never_change_a_seats_tensor(game_id: str) -> None:
    """The kit's redaction check, on tensors: re-dealing everything seat p
    cannot see leaves p's tensor and the spectator's tensor identical."""
    for state in sampled_states(game_id):
        spectator = state.observation_tensor(None)
        for seat in range(state.players):
            own = state.observation_tensor(seat)
            for k in (1, 2, 3):
                twin = state.determinize(seat, k)
                assert np.array_equal(twin.observation_tensor(seat), own), (game_id, seat, k)
                assert np.array_equal(twin.observation_tensor(None), spectator), (game_id, seat, k)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seats_see_different_tensors_where_they_see_different_things(game_id: str) -> None:
    """Seats are listed from the viewer, so two seats' tensors differ once
    the game has begun (a constant tensor would pass the redaction check)."""
    game = load_game(game_id)
    if game.max_players == 1:
        pytest.skip("a solo game has one seat")
    state = game.new_game(2, seed=3)
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_slot_is_documented(game_id: str) -> None:
    from gameshelf.rl.layout import markdown
    from tests.rl.test_docs import research_text

    assert markdown(load_game(game_id)) in research_text(), (
        "docs/research/tensors.md is out of date: python -m gameshelf.rl.layout --write docs/research/tensors.md"
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setting_the_log_aside_changes_neither_the_tensor_nor_the_state(game_id: str) -> None:
    game = load_game(game_id)
    for state in sampled_states(game_id, deep_games=1, samples=6):
        before = state.snapshot()
        for seat in (None, *range(state.players)):
            assert np.array_equal(state.observation_tensor(seat), tensor.encode(game, state.observation(seat)))
        assert state.snapshot() == before


def _perturb(value: object, k: int) -> object:
    """The same shape with unexpected contents: unknown names, huge or
    negative numbers, longer lists (what a rules change might bring)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return (value + 1) * (97 if k % 2 else -3)
    if isinstance(value, float):
        return value * 1e6
    if isinstance(value, str):
        return value if k % 3 == 0 else "not-in-any-vocabulary"
    if isinstance(value, list):
        return [_perturb(v, k + i) for i, v in enumerate(value * 3)]
    if isinstance(value, dict):
        return {key: _perturb(v, k + i) for i, (key, v) in enumerate(value.items())}
    return value


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_encoders_keep_their_length_and_range_on_unexpected_values(game_id: str) -> None:
    game = load_game(game_id)
    size = tensor.tensor_size(game)
    for state in sampled_states(game_id, deep_games=1, samples=6):
        for seat in (None, *range(state.players)):
            seen = state.observation(seat)
            keep = {"players", "viewer", "you", "rounds"}  # the frame the rest is read against
            for k in range(3):
                odd = {key: (v if key in keep else _perturb(v, k)) for key, v in seen.items()}
                values = tensor.encode(game, odd)
                assert values.shape == (size,) and values.min() >= 0.0 and values.max() <= 1.0


def test_columns_read_every_rows_keys_in_order_and_none_where_a_key_is_missing() -> None:
    cols = tensor.Columns("coins", "income")
    assert cols.of([{"coins": 3, "income": 1}, {"coins": 0, "income": 4, "x": 9}]) == {
        "coins": (3, 0),
        "income": (1, 4),
    }
    assert cols.of([{"coins": 3}, {"income": 4}]) == {"coins": (3, None), "income": (None, 4)}
    assert cols.of([]) == {"coins": (), "income": ()}
    with pytest.raises(ValueError):
        tensor.Columns("coins")


def test_scaled_matches_what_numbers_writes() -> None:
    """Encoders that fill reserved slots themselves use ``scaled``; it must
    give the float32 that ``TensorWriter.numbers`` gives for the same value."""
    values = [None, False, True, 0, 1, 2, 5, 6, 7, -3, 2.5, 10**9]
    w = tensor.TensorWriter(capacity=len(values))
    w.numbers("x", values, len(values), 6)
    by_hand = np.array([tensor.scaled(v, 1.0 / 6) for v in values], dtype=np.float32)
    assert w.array().tobytes() == by_hand.tobytes()


@pytest.mark.parametrize(("viewer", "players"),
                         [(v, n) for n in (1, 2, 3) for v in (None, *range(n))])
def test_seat_picker_lists_seats_from_the_viewer(viewer: int | None, players: int) -> None:
    order = tensor.seat_order(viewer, players)
    values = [f"seat {p}" for p in range(players)]
    assert tensor.seat_picker(order)(values) == tuple(values[p] for p in order)
