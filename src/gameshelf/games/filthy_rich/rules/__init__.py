"""Filthy Rich's rules, one module per part of the rulebook.

``turn`` (luxury, play/discard, draw), ``signs`` (placing and covering),
``dice`` (hits, taxes, page die), ``effects`` (action and asset cards),
``bankruptcy`` (going out, the auction), ``money`` (every payment),
``deck`` (drawing), ``winning`` (the two ways to win),
``legal`` / ``explain`` (what may be done, and why not), ``apply`` (playing
a decision), ``flow`` (the task queue: what comes after each step, the
only module that starts one, so the others import each other without a
circle), ``invariants`` (the laws checked by tests).
"""
