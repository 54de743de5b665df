"""Filthy Rich's rules, one module per part of the rulebook.

``turn`` (luxury, play/discard, draw), ``signs`` (placing and covering),
``dice`` (hits, taxes, page die), ``effects`` (action and asset cards),
``bankruptcy`` (going out, the auction), ``money`` (every payment),
``legal`` / ``explain`` (what may be done, and why not), ``apply`` (playing
a decision), ``flow`` (the task queue), ``invariants`` (the laws checked by
tests).
"""
