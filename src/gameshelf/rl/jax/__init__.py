"""Games as pure JAX array functions, for research at accelerator speed.

``gameshelf.rl.jax.dicey_farm`` runs Dicey Farm as ``init`` / ``step`` /
``observe`` / ``legal_mask`` over fixed-shape arrays, fit for ``jit`` and
``vmap`` (pgx's conventions), with the engine's action ids and observation
tensor; ``gameshelf.rl.jax.filthy_rich`` does the same for Filthy Rich with
2 to 5 players; and ``make(game_id)`` returns a pgx-compatible ``Env`` for each game
written in JAX, with ``resample`` for search that must not see the future and
``sample_legal``, a cheap masked draw. It needs the optional extra: ``pip install 'gameshelf[jax]'``.
Nothing else in gameshelf imports JAX, so ``import gameshelf`` stays light.
"""

from gameshelf.rl.jax.env import GAMES, Env, make, sample_legal

__all__ = ["GAMES", "Env", "make", "sample_legal"]
