"""The ``jax-policy`` bot (issue 46): a trained network from a checked file plays the engine.

It must play whole legal games like any bot, through ``make_bot`` and
``gameshelf simulate``'s job; and a file that is not a policy for this game
(garbage, a truncated or tampered ``.npz``, a pickle, another game's or
another rules version's network) is refused before any move, with a sentence
that says what is wrong.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import numpy as np
import pytest

from gameshelf.bots import BotSpecError, PlayerView, make_bot, parse_bot_spec, play_bot_turn
from gameshelf.bots.jax_policy import JaxPolicyBot, shipped_path
from gameshelf.bots.policy_file import FORMAT, Policy, PolicyFileError, load_policy, save_policy
from gameshelf.core.registry import load_game
from gameshelf.core.tensor import tensor_size
from gameshelf.sim.job import Job
from gameshelf.sim.runner import run_job

GAME = load_game("dicey-farm")
UNREADABLE = re.escape("not a readable .npz")
BACK = next(i for i in range(GAME.num_distinct_actions) if str(GAME.action_from_id(i)) == "back")


def tiny_policy(seed: int = 0, game: str = "dicey-farm", rules: str | None = None, kind: str = "logits") -> Policy:
    """A random two-layer network of the right shape for Dicey Farm."""
    rng = np.random.default_rng(seed)
    n_obs, n_act = tensor_size(GAME), GAME.num_distinct_actions
    out = n_act if kind == "logits" else 1
    layers = (
        (rng.normal(size=(n_obs, 8)).astype(np.float32), rng.normal(size=8).astype(np.float32)),
        (rng.normal(size=(8, out)).astype(np.float32), rng.normal(size=out).astype(np.float32)),
    )
    return Policy(game=game, rules_version=rules or GAME.rules_version, num_actions=n_act, layers=layers,
                  avoid=(BACK,), kind=kind)


@pytest.fixture(params=["logits", "afterstate"])
def tiny(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    path = tmp_path / "tiny.npz"
    save_policy(path, tiny_policy(kind=request.param))
    return path


@pytest.fixture
def tiny_logits(tmp_path: Path) -> Path:
    path = tmp_path / "logits.npz"
    save_policy(path, tiny_policy())
    return path


def entries(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as data:
        return {k: data[k] for k in data.files}


def test_the_file_round_trips(tiny: Path) -> None:
    back = load_policy(tiny)
    want = tiny_policy()
    assert (back.game, back.rules_version, back.avoid) == (want.game, want.rules_version, want.avoid)
    want = tiny_policy(kind=back.kind)
    for (w, b), (w2, b2) in zip(back.layers, want.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    assert str(entries(tiny)["format"]) == FORMAT


def test_it_plays_complete_legal_games(tiny: Path) -> None:
    for seed in (1, 2):
        state = GAME.new_game(1, seed=seed)
        bot = make_bot(f"jax-policy[path={tiny}]", seed=seed, game=GAME)
        assert isinstance(bot, JaxPolicyBot)
        for _ in range(2000):
            if state.is_over:
                break
            legal = state.legal_actions()
            action = play_bot_turn(state, bot)  # apply() refuses an illegal move
            assert action in legal
        assert state.is_over


def test_it_plays_the_network_s_best_legal_move(tmp_path: Path) -> None:
    path = tmp_path / "tiny.npz"
    save_policy(path, tiny_policy())
    state = GAME.new_game(1, seed=3)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    policy = load_policy(path)
    ids = [GAME.action_id(a) for a in state.legal_actions()]
    logits = policy.logits(state.observation_tensor(0))
    best = max((i for i in ids if i != BACK), key=lambda i: logits[i])
    bot = make_bot(f"jax-policy[path={path}]", game=GAME)
    assert GAME.action_id(bot.choose(PlayerView(state, 0))) == best


def test_avoided_ids_only_when_nothing_else_is_legal() -> None:
    policy = tiny_policy()
    logits = policy.logits(np.zeros(policy.obs_size, np.float32))
    other = int(np.argmin(logits))
    assert policy.pick(np.zeros(policy.obs_size, np.float32), [BACK, other]) == 1
    assert policy.pick(np.zeros(policy.obs_size, np.float32), [BACK]) == 0


def test_an_afterstate_policy_rates_the_position_after_each_move(tmp_path: Path) -> None:
    path = tmp_path / "after.npz"
    save_policy(path, tiny_policy(kind="afterstate"))
    policy = load_policy(path)
    state = GAME.new_game(1, seed=3)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    # a round's moves hide nothing (the next round's dice come at its end), so
    # the re-dealt world's positions are the real ones here
    after = []
    for action in legal:
        copy = state.clone()
        copy.apply_unchecked(action)
        after.append(copy.observation_tensor(0))
    values = policy.logits(np.stack(after))[:, 0]
    ids = [GAME.action_id(a) for a in legal]
    best = max((i for i in range(len(legal)) if ids[i] != BACK), key=lambda i: values[i])
    bot = make_bot(f"jax-policy[path={path}]", game=GAME)
    assert bot.choose(PlayerView(state, 0)) == legal[best]


def test_an_afterstate_policy_averages_its_ratings_over_worlds(tmp_path: Path) -> None:
    policy = tiny_policy(kind="afterstate")
    rng = np.random.default_rng(5)
    after = rng.random((3, 4, policy.obs_size), dtype=np.float32)  # 3 worlds, 4 moves
    ids = [1, 2, 3, 4]
    mean = policy.logits(after)[..., 0].mean(axis=0)
    assert policy.pick_after(after, ids) == int(np.argmax(mean))
    path = tmp_path / "after.npz"
    save_policy(path, policy)
    state = GAME.new_game(1, seed=3)
    bot = make_bot(f"jax-policy[path={path},worlds=3]", game=GAME)
    assert bot.worlds == 3
    while not state.is_over:
        play_bot_turn(state, bot)  # every move legal (apply refuses any other)
    with pytest.raises(BotSpecError, match="worlds"):
        make_bot(f"jax-policy[path={path},worlds=0]", game=GAME)


def test_it_meets_other_bots_in_a_simulation_job(tiny: Path) -> None:
    job = Job(game="dicey-farm", players=1, bots=(f"jax-policy[path={tiny}]", "greedy"), games=2, seed=4)
    outcome = run_job(job, workers=1)
    assert outcome.error is None and len(outcome.results) == 2


def test_the_spec_takes_a_path_and_nothing_else(tiny: Path) -> None:
    assert parse_bot_spec(f"jax-policy[path={tiny}]") == ("jax-policy", {"path": str(tiny)})
    with pytest.raises(BotSpecError, match="path"):
        make_bot(f"jax-policy[file={tiny}]", game=GAME)
    with pytest.raises(BotSpecError, match="path=7"):
        make_bot("jax-policy[path=7]", game=GAME)  # read as a number, not a file


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", UNREADABLE),
        (b"PK\x03\x04 not really a zip", UNREADABLE),
        (b"\x93NUMPY garbage", UNREADABLE),
    ],
)
def test_a_corrupt_file_is_refused(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.npz"
    path.write_bytes(content)
    with pytest.raises(PolicyFileError, match=message):
        make_bot(f"jax-policy[path={path}]", game=GAME)


def test_a_truncated_file_is_refused(tiny: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.npz"
    cut.write_bytes(tiny.read_bytes()[: tiny.stat().st_size // 2])
    with pytest.raises(PolicyFileError, match=UNREADABLE):
        load_policy(cut)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PolicyFileError, match="no policy file"):
        make_bot(f"jax-policy[path={tmp_path / 'none.npz'}]")


def rewritten(tiny: Path, tmp_path: Path, **changes: object) -> Path:
    """``tiny`` with some entries replaced (``None`` removes one)."""
    data = entries(tiny)
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value  # type: ignore[assignment]
    path = tmp_path / "changed.npz"
    np.savez(path, **data)  # type: ignore[arg-type]
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": np.asarray("something-else")}, "not a gameshelf policy file"),
        ({"format": None}, "not a gameshelf policy file"),
        ({"version": np.asarray(2)}, "version 2"),
        ({"game": None}, "missing game"),
        ({"obs_size": np.asarray(300)}, "w0 must be 300"),
        ({"layers": np.asarray(3)}, "unexpected or missing entries"),
        ({"w1": np.zeros((8, 7), np.float32)}, "w1 must be 8 × 185"),
        ({"b0": np.zeros(8, np.float64)}, "float32"),
        ({"w0": np.full((328, 8), np.nan, np.float32)}, "not finite"),
        ({"avoid": np.asarray([185])}, "avoid must list action ids"),
        ({"kind": np.asarray("q-values")}, "kind must be one of logits, afterstate"),
        ({"kind": np.asarray("afterstate")}, "w1 must be 8 × 1"),
        ({"extra": np.zeros(1)}, "unexpected or missing entries"),
        ({"rules_version": np.asarray(1.5)}, "rules_version must be text"),
    ],
)
def test_a_tampered_file_is_refused(tiny_logits: Path, tmp_path: Path, changes: dict[str, object],
                                    message: str) -> None:
    path = rewritten(tiny_logits, tmp_path, **changes)
    with pytest.raises(PolicyFileError, match=message):
        load_policy(path)


def test_a_pickle_inside_is_refused_without_running_it(tiny: Path, tmp_path: Path) -> None:
    data = entries(tiny)
    buffer = io.BytesIO()
    np.save(buffer, np.asarray([{"x": 1}], dtype=object), allow_pickle=True)
    path = tmp_path / "pickled.npz"
    np.savez(path, **data)  # type: ignore[arg-type]
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("w9.npy", buffer.getvalue())
    with pytest.raises(PolicyFileError, match=UNREADABLE):
        load_policy(path)


def test_another_game_s_policy_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    save_policy(path, tiny_policy(game="filthy-rich"))
    with pytest.raises(PolicyFileError, match="trained for filthy-rich, not dicey-farm"):
        make_bot(f"jax-policy[path={path}]", game=GAME)
    bot = make_bot(f"jax-policy[path={path}]")  # no game given: refused at its first move
    state = GAME.new_game(1, seed=0)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    with pytest.raises(PolicyFileError, match="trained for filthy-rich"):
        bot.choose(PlayerView(state, 0))


def test_another_rules_version_s_policy_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    save_policy(path, tiny_policy(rules="0.9"))
    with pytest.raises(PolicyFileError, match=r"rules 0\.9"):
        make_bot(f"jax-policy[path={path}]", game=GAME)


def test_the_refusal_reads_in_japanese_too(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    save_policy(path, tiny_policy(game="filthy-rich"))
    with pytest.raises(PolicyFileError) as caught:
        make_bot(f"jax-policy[path={path}]", game=GAME)
    assert "学習" in caught.value.message_in("ja")


def test_simulate_refuses_a_wrong_file_before_any_game(tmp_path: Path) -> None:
    import typer
    from typer.testing import CliRunner

    from gameshelf.sim import cli

    app = typer.Typer()
    app.command("simulate")(cli.simulate)
    app.command("report")(cli.report)  # two commands: `simulate` is named, as on the command line
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"junk")
    result = CliRunner().invoke(app, ["simulate", "dicey-farm", "-p", "1", "-b", f"jax-policy[path={bad}]",
                                      "-n", "1", "--out", str(tmp_path / "sim"), "--no-progress"])
    assert result.exit_code != 0 and "not a readable .npz" in " ".join(result.output.split())
    assert not (tmp_path / "sim" / "records.jsonl").exists()


def test_a_game_without_a_shipped_agent_needs_a_path() -> None:
    with pytest.raises(PolicyFileError, match="no shipped agent"):
        make_bot("jax-policy", game=load_game("pay-dirt"))


def test_the_shipped_dicey_farm_agent_plays_a_game() -> None:
    assert shipped_path("dicey-farm").is_file()
    state = GAME.new_game(1, seed=9)
    bot = make_bot("jax-policy", game=GAME)
    while not state.is_over:
        play_bot_turn(state, bot)
    assert state.is_over
