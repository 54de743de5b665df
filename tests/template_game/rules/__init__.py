"""Hidden High's rules, one job per module: ``legal`` lists the decisions,
``apply`` plays one, ``explain`` says why one is refused, ``invariants``
holds the laws the kit checks, ``why_not`` names the moves a player would
miss and ``decision`` the phrase for the status bar."""
