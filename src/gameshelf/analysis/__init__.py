"""Post-game analysis and move estimates (issue 26): the coach.

What each of a seat's moves was worth, estimated from what that seat could
see (re-dealt worlds played out by the greedy bot), the biggest mistakes of
a finished game with a better move and the reason it was better, and, for
Dicey Farm, each round against the par solver's line.

Layers: above the bots and the core, below the front ends (terminal, server,
cli); it never imports a game, and no engine imports it (import-linter
contracts in pyproject.toml). Game-specific parts (the Dicey Farm round
notes, which need the par solver in ``gameshelf.tools``) are handed in by
the callers that may import the tools: see :mod:`gameshelf.analysis.analyse`.

- :func:`rank_moves` (``estimate.py``): estimates for the moves of a seat at
  a decision; hints use it too.
- :func:`analyse_record` (``analyse.py``): a finished game's :class:`Analysis`.
- :class:`Analysis` (``model.py``): the stored, language-neutral result and
  its strict JSON form (docs/analysis.md).
- ``render.py``: the analysis in the reader's language.
"""

from __future__ import annotations

from gameshelf.analysis.estimate import MoveEstimate, rank_moves
from gameshelf.analysis.model import (
    Analysis,
    AnalysisError,
    Decision,
    Estimate,
    Gain,
    Reason,
    RoundNote,
)

__all__ = [
    "Analysis",
    "AnalysisError",
    "Decision",
    "Estimate",
    "Gain",
    "MoveEstimate",
    "Reason",
    "RoundNote",
    "rank_moves",
]
