"""Filthy Rich's trained agent (issue 46): it plays legal moves through the engine, and its
training script's smallest run goes from labelled duels to a policy file that plays.

Why through the engine: the agent is an ``afterstate`` policy, so every move
it rates is stepped on a re-dealt world and read back from the deciding
seat's view; in Filthy Rich that seat is often not the turn player (a sell
window, an auction), which a one-seat game like Dicey Farm never shows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

from gameshelf.bots import PlayerView, make_bot
from gameshelf.bots.jax_policy import SHIPPED, shipped_path
from gameshelf.bots.policy_file import load_policy
from gameshelf.core.registry import load_game
from gameshelf.sim.job import Job
from gameshelf.sim.runner import run_job
from tests.benchmark_scripts import load_benchmark

GAME = "filthy-rich"


def test_the_shipped_agent_is_a_small_afterstate_file() -> None:
    assert SHIPPED[GAME].startswith("filthy-rich-")
    path = shipped_path(GAME)
    assert path.stat().st_size < 1 << 20
    policy = load_policy(path)
    policy.check_game(load_game(GAME))
    assert policy.kind == "afterstate"


def test_the_shipped_agent_plays_legal_moves_for_both_seats_and_out_of_turn() -> None:
    game = load_game(GAME)
    state = game.new_game(2, seed=5)
    bots = [make_bot("jax-policy", seed=s, game=game) for s in range(2)]
    out_of_turn = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = PlayerView(state, seat)
        move = bots[seat].choose(view)
        assert move in view.legal_actions()
        out_of_turn += len(view.legal_actions()) > 1 and state.turn != seat
        state.apply(move, seat)
    assert out_of_turn > 0  # a sell window or an auction was decided by the other seat


def test_the_shipped_agent_meets_greedy_in_simulate_s_job() -> None:
    job = Job(game=GAME, players=2, bots=("jax-policy", "greedy"), games=2, seed=11)
    outcome = run_job(job, workers=1, progress=False)
    assert outcome.error is None
    assert sorted(r.seats.index("jax-policy") for r in outcome.results) == [0, 1]  # both seats


def test_the_training_script_s_smallest_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    train = load_benchmark("train_filthy_rich_agent")
    out, log = tmp_path / "agent.npz", tmp_path / "log.jsonl"
    argv = ["--data", str(tmp_path / "labels"), "--deals", "2", "--sample", "0.2", "--worlds", "2", "--depth", "2",
            "--val-every", "2", "--pretrain-epochs", "1", "--epochs", "2", "--hidden", "4", "--batch", "8", "--duels", "2",
            "--out", str(out), "--log", str(log)]
    result = train.main(argv)
    assert sorted(p.name for p in (tmp_path / "labels").glob("label-*.npz")) == ["label-000000.npz",
                                                                                 "label-000001.npz"]
    policy = load_policy(out)
    policy.check_game(load_game(GAME))
    assert policy.kind == "afterstate" and [w.shape[1] for w, _ in policy.layers] == [4, 1]
    assert result is not None and result["all"]["n"] == 2
    stages = [json.loads(line)["stage"] for line in log.read_text().splitlines()]
    assert stages == ["start", "labels", "train-start", "heuristic-start", "heuristic-epoch", "play-outs-start", "play-outs-epoch", "play-outs-epoch", "saved", "evaluate"]
    epoch = json.loads(log.read_text().splitlines()[4])
    assert {"regret_net", "regret_greedy", "agree_greedy"} <= set(epoch)
    assert "agent vs greedy (all)" in capsys.readouterr().out
    # a rerun keeps the labelled deals and evaluates a file alone
    assert train.main(["--evaluate", str(out), "--duels", "2"])["all"]["n"] == 2
