"""Simulation: many bot games, their statistics, plots and a report.

Generic over the core protocol: nothing here names a game. A game that
wants the per-card table overrides :meth:`State.acquisitions`, returning
``{seat: [item, ...]}``.
"""

from gameshelf.sim.job import GameResult, GameTask, Job, play_game
from gameshelf.sim.runner import RunOutcome, run_job
from gameshelf.sim.stats import summarize, wilson

__all__ = [
    "GameResult",
    "GameTask",
    "Job",
    "RunOutcome",
    "play_game",
    "run_job",
    "summarize",
    "wilson",
]
