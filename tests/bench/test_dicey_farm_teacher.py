"""``benchmarks/dicey_farm_teacher.py``: the teacher's labels, what was played, and the replay.

The reference agent learns from shards of teacher games; a shard must hold the
teacher's move as the label even where another bot (DAgger) or a random move
made the game go on, and the replay that rebuilds the positions after each
move must reach exactly the positions the shard kept.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from gameshelf.core.registry import load_game
from tests.benchmark_scripts import load_benchmark

teacher = load_benchmark("dicey_farm_teacher")


def test_the_label_is_the_teacher_s_while_another_bot_plays(tmp_path: Path) -> None:
    data = teacher.teacher_game(0, "greedy", 0.0, player="random")
    alone = teacher.teacher_game(0, "greedy", 0.0)
    assert len(data["label"]) == len(data["played"]) == len(data["obs"])
    assert not np.array_equal(data["played"], data["label"])  # random does not play as greedy
    assert np.array_equal(alone["played"], alone["label"])
    assert all(mask[i] for mask, i in zip(data["mask"], data["label"], strict=True))
    assert all(mask[i] for mask, i in zip(data["mask"], data["played"], strict=True))


def test_the_replay_finds_the_kept_positions_and_their_successors(tmp_path: Path) -> None:
    teacher.write_shard(tmp_path, 1, "greedy", 0.2, "random")
    decisions = teacher.write_afterstates(tmp_path, 1, 0.2)
    with np.load(tmp_path / "game-000001.npz") as shard, np.load(tmp_path / "after-000001.npz") as after:
        assert decisions == len(shard["label"]) == len(after["pos"])
        counts = np.diff(after["start"])
        assert np.array_equal(counts, shard["mask"].sum(axis=1))  # one row per legal move
        assert np.all((after["pos"] >= 0) & (after["pos"] < counts))
        assert after["after"].shape == (after["start"][-1], shard["obs"].shape[1])
        assert load_game("dicey-farm").num_distinct_actions == shard["mask"].shape[1]
