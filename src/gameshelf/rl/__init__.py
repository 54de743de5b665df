"""Adapters for reinforcement-learning and game-theory libraries.

``gameshelf.rl.gymnasium`` (single-agent environments),
``gameshelf.rl.pettingzoo`` (multi-agent AEC environments) and
``gameshelf.rl.openspiel`` (games registered with ``pyspiel``) each import
their library when imported themselves; ``import gameshelf`` and
``import gameshelf.rl`` import none of them. Install them with
``pip install 'gameshelf[rl]'``. The guide is ``docs/research/index.md``.

Every adapter speaks only the core protocol, so each registers every game
the registry knows, under a name derived from its id.
"""

from __future__ import annotations

__all__ = ["camel_name", "snake_name"]


def camel_name(game_id: str) -> str:
    """``"pay-dirt"`` -> ``"PayDirt"`` (Gymnasium ids: ``gameshelf/PayDirt-v0``)."""
    return "".join(part.capitalize() for part in game_id.split("-"))


def snake_name(game_id: str) -> str:
    """``"pay-dirt"`` -> ``"pay_dirt"`` (OpenSpiel names: ``gameshelf_pay_dirt``)."""
    return game_id.replace("-", "_")
