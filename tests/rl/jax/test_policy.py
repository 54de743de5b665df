"""A policy trained in JAX plays the same moves through the engine's ``jax-policy`` bot (issue 46).

The JAX side (``gameshelf.rl.jax.policy``) and the engine side
(``gameshelf.bots.policy_file.Policy``, numpy only) read one file and must
pick the same id for the same observation and legal ids; and the training
script's smallest run must go from teacher games to a policy file that plays.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytest.importorskip("optax")

from gameshelf.bots.policy_file import PolicyFileError, load_policy, save_policy  # noqa: E402
from gameshelf.rl.jax import make  # noqa: E402
from gameshelf.rl.jax import policy as pol  # noqa: E402
from tests.benchmark_scripts import load_benchmark  # noqa: E402

ENV = make("dicey-farm")
SIZES = (ENV.observation_shape[0], 16, 8, ENV.num_actions)


def test_jax_and_the_engine_bot_pick_the_same_ids(tmp_path: Path) -> None:
    params = pol.init_mlp(jax.random.key(0), SIZES)
    params = [(w * 50, b + 0.1) for w, b in params]  # spread the logits beyond ties
    avoid_ids = (3, 22)
    path = tmp_path / "p.npz"
    pol.save(path, ENV, params, avoid_ids)
    policy = load_policy(path)
    rng = np.random.default_rng(1)
    obs = rng.random((64, SIZES[0]), dtype=np.float32)
    mask = rng.random((64, SIZES[-1])) < 0.05
    mask[:, 22] = True
    mask[:8] = False
    mask[:8, 22] = True  # only an avoided id legal: it is played
    mask[8:16] = False
    mask[8:16, [3, 22]] = True
    mask[16:24] = False
    mask[16:24, [3, 22, 40]] = True  # one free id beside the avoided: the free one
    moves = np.asarray(pol.act(params, jnp.asarray(obs), jnp.asarray(mask), pol.avoid_mask(ENV, avoid_ids)))
    for row in range(64):
        ids = [int(i) for i in np.flatnonzero(mask[row])]
        assert ids[policy.pick(obs[row], ids)] == moves[row]
    assert set(moves[16:24]) == {40}
    assert set(moves[:8]) == {22}


def test_load_checks_the_file_against_the_env(tmp_path: Path) -> None:
    params = pol.init_mlp(jax.random.key(2), SIZES)
    path = tmp_path / "p.npz"
    pol.save(path, ENV, params, (22,))
    back, avoid, kind = pol.load(path, ENV)
    assert avoid == (22,) and kind == "logits" and all(np.array_equal(w, w2) for (w, _), (w2, _) in zip(back, params, strict=True))
    other = pol.to_policy(ENV, params, ())
    object.__setattr__(other, "game", "pay-dirt")  # a file written for another game
    save_policy(path, other)
    with pytest.raises(PolicyFileError, match="trained for pay-dirt"):
        pol.load(path, ENV)


def test_an_afterstate_policy_in_jax_plays_only_legal_ids() -> None:
    params = pol.init_mlp(jax.random.key(3), (SIZES[0], 8, 1))
    state = ENV.init(jax.random.key(4))
    avoid = pol.avoid_mask(ENV, (22,))
    for k in range(3):
        action = pol.act_after(params, ENV, state, jax.random.key(k), avoid)
        assert bool(state.legal_action_mask[action]) and int(action) != 22
        state = ENV.step(state, action)


@pytest.mark.parametrize(("kind", "labels", "width", "stages"), [
    ("afterstate", "teacher", 1,
     ["start", "games", "afterstates", "train-start", "epoch", "epoch", "saved", "evaluate"]),
    ("logits", "teacher", ENV.num_actions, ["start", "games", "train-start", "epoch", "epoch", "saved", "evaluate"]),
    # values: one epoch on the heuristic's values first (--pretrain-epochs 1), then two beside the play-outs'
    ("afterstate", "values", 1, ["start", "games", "train-start", "epoch", "epoch", "epoch", "saved", "evaluate"]),
])
def test_the_training_script_s_smallest_run(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str,
                                            labels: str, width: int, stages: list[str]) -> None:
    train = load_benchmark("train_dicey_farm_agent")
    out, log = tmp_path / "agent.npz", tmp_path / "log.jsonl"
    result = train.main([
        "--data", str(tmp_path / "teacher"), "--teacher", "greedy", "--teacher-games", "2", "--val-every", "2",
        "--kind", kind, "--labels", labels, "--epochs", "2", "--hidden", "4", "--batch", "32", "--deals", "2",
        "--no-jax-eval", "--pretrain-epochs", "1", "--out", str(out), "--log", str(log),
    ])
    shards = "values-*.npz" if labels == "values" else "game-*.npz"
    assert len(list((tmp_path / "teacher").glob(shards))) == 2
    policy = load_policy(out)
    assert policy.game == "dicey-farm" and policy.kind == kind
    assert [w.shape[1] for w, _ in policy.layers] == [4, width]
    assert result is not None and result["agent (engine)"]["n"] == 2 and result["greedy (engine)"]["n"] == 2
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert [entry["stage"] for entry in entries] == stages
    if labels == "values":
        assert len(list((tmp_path / "teacher").glob("heuristic-*.npz"))) == 2
        assert [e["fit"] for e in entries if e["stage"] == "epoch"] == ["pretrain", "values", "values"]
        assert all("greedy_regret_vp" in e for e in entries if e["stage"] == "epoch")
    assert "agent − greedy per deal" in capsys.readouterr().out
