"""Games as pure JAX array functions, for research at accelerator speed.

``gameshelf.rl.jax.dicey_farm`` runs Dicey Farm as ``init`` / ``step`` /
``observe`` / ``legal_mask`` over fixed-shape arrays, fit for ``jit`` and
``vmap`` (pgx's conventions), with the engine's action ids and observation
tensor. It needs the optional extra: ``pip install 'gameshelf[jax]'``.
Nothing else in gameshelf imports JAX, so ``import gameshelf`` stays light.
"""
